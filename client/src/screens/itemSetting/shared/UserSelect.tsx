import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api';

export interface UserOption {
  username: string;
  name?: string;
}

/** Multi-select of users found by user/allUser (username LIKE), leaving out the given usernames. */
export function UserSelect({
  value,
  onChange,
  exclude = [],
  placeholder,
  testId,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  exclude?: readonly string[];
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      setSearching(true);
      userApi
        .allUser(text.trim())
        .then((list) => mine === seq.current && setOptions(Array.isArray(list) ? list : []))
        .catch(() => {})
        .finally(() => mine === seq.current && setSearching(false));
    }, 250);
  };

  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
    // first list once
  }, []);

  const excluded = new Set(exclude.map((u) => u.toLowerCase()));
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={searching ? <Spin size="small" /> : t('part2.noUsers')}
      placeholder={placeholder ?? t('part2.pickUsers')}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options
        .filter((u) => !excluded.has(u.username.toLowerCase()))
        .map((u) => ({ value: u.username, label: u.name && u.name !== u.username ? `${u.username} (${u.name})` : u.username }))}
    />
  );
}
