import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Heading } from '@shared/markdown/render';

/** The heading the reader is at: the last one whose top passed the sticky header. */
function useActiveHeading(headings: Heading[]): string {
  const [active, setActive] = useState('');
  useEffect(() => {
    if (!headings.length) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        let current = headings[0].id;
        for (const h of headings) {
          const el = document.getElementById(h.id);
          if (el && el.getBoundingClientRect().top < 96) current = h.id;
        }
        setActive(current);
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [headings]);
  return active;
}

/** Table of contents of every heading level, indented by level. */
export function Toc({ headings }: { headings: Heading[] }) {
  const { t } = useTranslation();
  const active = useActiveHeading(headings);
  if (!headings.length) return null;
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav className="doc-toc" aria-label={t('doc.toc')} data-testid="toc">
      <div className="toc-title">{t('doc.toc')}</div>
      <ul className="toc-list">
        {headings.map((h, i) => (
          <li key={`${h.id}-${i}`}>
            <a
              href={`#${h.id}`}
              className={active === h.id ? 'active' : undefined}
              style={{ paddingLeft: 10 + (h.level - top) * 12 }}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(h.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                history.replaceState(history.state, '', `#${h.id}`);
              }}
            >
              {h.text || '—'}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
