export { HORIZONS, loadOverview, type Horizon, type HorizonFigure, type Overview, type OverviewSource } from './overview';
