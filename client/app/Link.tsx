import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { ROUTES, type RouteName } from '../../machines/domain/routes';

type Props = Omit<ComponentProps<typeof RouterLink>, 'to'> &
  (
    | {
        /** A page of the app, by its route's name (client/router.tsx). */
        route: RouteName;
        /** Its query, if any. */
        query?: Record<string, string>;
        to?: never;
      }
    | {
        /** An address a flow's view gave (a confirmation, a traveller's form). */
        to: string;
        route?: never;
        query?: never;
      }
  );

/**
 * A link to a page of the app: an anchor the router follows without reloading. Pages name where it goes (a route, or
 * the address their view derived); where the app goes on its own is the flows' (machines/effects.ts `navigate`).
 */
export function Link({ route, query, to, ...rest }: Props) {
  const target = to ?? `${ROUTES[route as RouteName]}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
  return <RouterLink to={target} {...rest} />;
}
