import { useState } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { MenuIcon } from '../../../components/MenuIcon.tsx';

const IMAGE = /^(https?:\/\/|\/|data:image\/)/;

/** An application's icon: an image when the icon is a URL, otherwise an Ant Design icon by name. */
export function ApplicationIcon({ icon }: { icon: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (icon && IMAGE.test(icon) && broken !== icon) {
    return <img src={icon} alt="" className="app-entry__img" onError={() => setBroken(icon)} />;
  }
  return icon && !IMAGE.test(icon) ? <MenuIcon name={icon} /> : <AppstoreOutlined />;
}
