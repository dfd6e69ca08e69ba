export { brokersKeys } from './api/brokers-api.js';
export { BrokerBadges } from './components/broker-badges.js';
