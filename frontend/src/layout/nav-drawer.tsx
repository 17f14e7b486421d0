import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The navigation bar's menu on a narrow screen (loaded on first opening, see navbar.tsx). */
export default function NavDrawer({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer title={title} placement="right" open={open} onClose={onClose} className="navbar__drawer">
      {children}
    </Drawer>
  );
}
