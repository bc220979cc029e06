import type { CampusSettings } from '../../shared/campus';
import type { CampusMapFile } from '../../shared/campus-upload';
import { opsFetch } from './ops-api';

const OPS_CAMPUS_PATH = '/api/ops/campus/';

export function saveCampusNames(body: { school: string; campus_name: string }) {
  return opsFetch<CampusSettings>(OPS_CAMPUS_PATH, { method: 'PUT', json: body });
}

export function uploadCampusMap(files: Record<CampusMapFile, File>) {
  const body = new FormData();
  body.append('overview', files.overview);
  body.append('large', files.large);
  return opsFetch<CampusSettings>(`${OPS_CAMPUS_PATH}map/`, { method: 'POST', body });
}

export function resetCampusMap() {
  return opsFetch<CampusSettings>(`${OPS_CAMPUS_PATH}map/`, { method: 'DELETE' });
}
