import { formatMoney } from '../../machines/domain/money';
import { useLanguage } from './AppContext';

export { formatMoney };

export function useMoney(): (amount: number, options?: { cents?: boolean }) => string {
  const { language } = useLanguage();
  return (amount, options) => formatMoney(amount, language, options);
}
