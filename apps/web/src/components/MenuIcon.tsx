import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CommentOutlined,
  FileTextOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  SettingOutlined,
  SolutionOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/**
 * The icons the menu tree names. A fixed map rather than `import * as icons`: the whole icon set
 * would weigh megabytes. An unknown name falls back to a neutral icon.
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CommentOutlined,
  FileTextOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  SettingOutlined,
  SolutionOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}

