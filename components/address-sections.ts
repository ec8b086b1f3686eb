/**
 * The options sections that keep a list of addresses (Calendars, Deliveries), loaded together
 * after the options page's first render: the page shows both, and their texts share a chunk.
 */
export { CalendarsSection } from './CalendarsSection';
export { DeliveriesSection } from './DeliveriesSection';
