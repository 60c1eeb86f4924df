import { Outlet } from '@tanstack/react-router';
import { useFilesLive } from '../live';

/** Around every Files page: the drive follows the live stream while any of them is open. */
export function FilesLayout() {
  useFilesLive();
  return <Outlet />;
}
