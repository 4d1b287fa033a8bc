import type { App } from '../../http/context.js';
import { exportRoute } from './export-route.js';

// POST /v1/logs — OTLP/HTTP export of logs (an ExportLogsServiceRequest).
export default async function logsRoute(app: App) {
  exportRoute(app, 'logs', 'Receive OpenTelemetry logs (OTLP/HTTP)');
}
