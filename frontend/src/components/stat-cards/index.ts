/** A dashboard's counters and quick links, for every role's dashboard. */
export { StatCards, QuickActions, type StatCard, type QuickLink } from './stat-cards';
