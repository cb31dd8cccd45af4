import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api';
import { USER_SEARCH_MIN_CHARS } from '@shared/limits';

export interface UserOption {
  username: string;
  name?: string;
}

/**
 * Multi-select of usernames. Typing at least 2 characters suggests people who share an item or a
 * team with the user (user/allUser; administrators: anyone); any other exact username can be typed
 * and added with Enter — the server checks it when the form is sent.
 */
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
  const [typed, setTyped] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const search = (raw: string) => {
    const text = raw.trim();
    setTyped(text);
    clearTimeout(timer.current);
    const mine = ++seq.current;
    if ([...text].length < USER_SEARCH_MIN_CHARS) {
      setOptions([]);
      setSearching(false);
      return;
    }
    timer.current = setTimeout(() => {
      setSearching(true);
      userApi
        .allUser(text)
        .then((list) => mine === seq.current && setOptions(Array.isArray(list) ? list : []))
        .catch(() => {})
        .finally(() => mine === seq.current && setSearching(false));
    }, 250);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const excluded = new Set(exclude.map((u) => u.toLowerCase()));
  const notFound = searching ? <Spin size="small" /> : [...typed].length < USER_SEARCH_MIN_CHARS ? t('management.typeTwoChars') : t('management.noUsersEnter');
  return (
    <Select
      mode="tags"
      value={value}
      onChange={onChange}
      tokenSeparators={[',', '，', ' ']}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={notFound}
      placeholder={placeholder ?? t('management.pickUsers')}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options
        .filter((u) => !excluded.has(u.username.toLowerCase()))
        .map((u) => ({ value: u.username, label: u.name && u.name !== u.username ? `${u.username} (${u.name})` : u.username }))}
    />
  );
}
