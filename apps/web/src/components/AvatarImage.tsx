import { Avatar } from 'antd';
import { useState } from 'react';
import defaultAvatar from '../assets/default-avatar.svg';

/** An avatar whose broken (or missing) image is replaced by the bundled default. */
export function AvatarImage({ src, size, alt }: { src: string | null | undefined; size?: number; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : defaultAvatar;
  return (
    <Avatar
      size={size}
      alt={alt}
      src={usable}
      onError={() => {
        setFailed(src ?? null);
        return false;
      }}
    />
  );
}
