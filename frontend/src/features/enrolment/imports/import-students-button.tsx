import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ImportStudentsDialog } from './import-students-dialog';
import { importMessages as m } from './imports-messages';

/** « Importer des étudiants », for the students' page of the admin area (docs/adr/0052). */
export function ImportStudentsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {m.open}
      </Button>
      <ImportStudentsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
