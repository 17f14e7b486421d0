import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Tooltip, type Modal as AntModal } from 'antd';
import { messages as m } from '../messages';

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

/** The instance of Modal.useModal() of the screen. */
export type ModalApi = ReturnType<typeof AntModal.useModal>[0];

/** The spec's confirmation sentence with 'Oui, supprimer !' and 'Annuler'; resolves true when confirmed. */
export function confirmDeletion(modal: ModalApi, title: string): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title,
      okText: m.common.confirm,
      cancelText: m.common.cancel,
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
