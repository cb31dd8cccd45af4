import { Link } from 'react-router-dom';

export function BrandMark({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#3b5bdb" />
      <path d="M9 8h10.5a3.5 3.5 0 0 1 3.5 3.5V24H12.5A3.5 3.5 0 0 1 9 20.5V8z" fill="#fff" opacity=".95" />
      <path d="M12.5 12.5h7M12.5 16h7M12.5 19.5h4.5" stroke="#3b5bdb" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Logo + name; links home (or where `to` says). */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="brand" aria-label="Quire">
      <BrandMark />
      {!compact && <span>Quire</span>}
    </Link>
  );
}
