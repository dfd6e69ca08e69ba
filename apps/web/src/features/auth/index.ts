export {
  AdvisorBrokerPicker,
  type AdvisorBrokerPickerProps,
  useActAsBroker,
} from './components/advisor-broker-picker.js';
export { PasswordPolicy } from './components/password-policy.js';
