import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Tooltip } from 'antd';

/** A row's action as a link: its icon, with the label as tooltip and accessible name. */
export function IconLink({ to, label, icon, text }: { to: string; label: string; icon: ReactNode; text?: string }) {
  return (
    <Tooltip title={text ?? label}>
      <Link to={to} className="quiz-row-actions__link" aria-label={label}>
        {icon}
      </Link>
    </Tooltip>
  );
}

/** A row's action as a button. */
export function IconButton({ label, icon, onClick, danger, text }: { label: string; icon: ReactNode; onClick: () => void; danger?: boolean; text?: string }) {
  return (
    <Tooltip title={text ?? label}>
      <Button type="text" danger={danger} icon={icon} aria-label={label} onClick={onClick} className="quiz-row-actions__button" />
    </Tooltip>
  );
}
