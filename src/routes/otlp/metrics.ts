import type { App } from '../../http/context.js';
import { exportRoute } from './export-route.js';

// POST /v1/metrics — OTLP/HTTP export of metrics (an ExportMetricsServiceRequest).
export default async function metricsRoute(app: App) {
  exportRoute(app, 'metrics', 'Receive OpenTelemetry metrics (OTLP/HTTP)');
}
