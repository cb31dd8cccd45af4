// Who is in the sheet right now (from the workbook's awareness: the server sets names and colours).
import { useEffect, useState } from 'react';
import { Avatar, Tooltip } from 'antd';
import type { Awareness } from 'y-protocols/awareness';

interface Person {
  id: number;
  name: string;
  color: string;
}

export function SheetPeople({ awareness }: { awareness: Awareness }) {
  const [people, setPeople] = useState<Person[]>([]);
  useEffect(() => {
    const read = () => {
      const out: Person[] = [];
      awareness.getStates().forEach((st: { user?: { uid?: number; name?: string; color?: string } }, id) => {
        // one avatar per person, however many tabs they have open
        const name = String(st.user?.name ?? '');
        if (name && !out.some((p) => p.name === name && p.color === st.user?.color)) out.push({ id, name, color: String(st.user?.color ?? '#3b5bdb') });
      });
      setPeople(out);
    };
    awareness.on('change', read);
    read();
    return () => awareness.off('change', read);
  }, [awareness]);
  if (!people.length) return null;
  return (
    <Avatar.Group max={{ count: 5 }} size="small" data-testid="sheet-people">
      {people.map((p) => (
        <Tooltip key={p.id} title={p.name}>
          <Avatar style={{ background: p.color }} data-testid="sheet-person" aria-label={p.name}>
            {p.name.slice(0, 1).toUpperCase()}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
