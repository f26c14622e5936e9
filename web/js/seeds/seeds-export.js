// The many-seeds study's downloads: its seeds or its epochs as CSV, or the whole study as JSON.
import { download, stampedName, toCsv } from '../shared/export.js';
import { seedRows, epochRows, studyJson } from './study.js';

/**
 * @param {string} kind 'seeds-csv', 'epochs-csv' or 'json'
 * @param {import('./study.js').Study} study
 * @param {import('../shared/types').PairedSummary | null} summary
 * @param {object | null} speed the speed summary (seeds-speed.js)
 */
export function downloadStudy(kind, study, summary, speed) {
  if (kind === 'json')
    download(
      stampedName('seeds', 'json'),
      JSON.stringify(studyJson(study, summary, speed), null, 1),
      'application/json',
    );
  else {
    const rows = kind === 'seeds-csv' ? seedRows(study) : epochRows(study);
    const columns =
      kind === 'seeds-csv'
        ? Object.keys(rows[0] ?? { seed: 0 })
        : ['seed', 'activation', 'epoch', 'train_loss', 'train_acc', 'val_loss', 'val_acc'];
    download(
      stampedName(kind === 'seeds-csv' ? 'seeds' : 'epochs', 'csv'),
      toCsv(rows, columns),
      'text/csv;charset=utf-8',
    );
  }
}
