export { HORIZONS, loadOverview, type Horizon, type HorizonFigure, type Overview, type OverviewSource } from './overview';
export { openInvoiceFilters } from './open-invoices';
