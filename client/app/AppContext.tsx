import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '../../machines/domain/language';
import type { Account } from '../../machines/session.machine';
import type { LanguageActor } from './language';
import type { SessionActor } from './session';
import type { ToastActor, ToastRequest } from './toasts';

export interface AppActors {
  language: LanguageActor;
  toasts: ToastActor;
  session: SessionActor;
}

const AppContext = createContext<AppActors | null>(null);

export function AppProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppContext.Provider value={actors}>{children}</AppContext.Provider>;
}

/** The app's own actors, for the door (client/app/useFlow.ts): a flow's effects reach the toasts and the session. */
export function useAppActors(): AppActors {
  const actors = useContext(AppContext);
  if (!actors) throw new Error('AppProvider is missing');
  return actors;
}

export function useLanguage(): { language: Language; change: (language: Language) => void } {
  const { language } = useAppActors();
  const current = useSelector(language, (s) => s.context.language);
  return { language: current, change: (next) => language.send({ type: 'LANGUAGE.CHANGE', language: next }) };
}

export function useToast(): (toast: ToastRequest) => void {
  const { toasts } = useAppActors();
  return (toast) => toasts.send({ type: 'TOAST.SHOW', toast });
}

export function useToastActor(): ToastActor {
  return useAppActors().toasts;
}

/** Who is signed in (null while the server has not said, or nobody), and the two things a page does with it. */
export function useSession(): { account: Account | null; checking: boolean; signedIn: (account: Account) => void; signOut: () => void } {
  const { session } = useAppActors();
  const account = useSelector(session, (s) => s.context.account);
  const checking = useSelector(session, (s) => s.matches('checking'));
  return {
    account,
    checking,
    signedIn: (next) => session.send({ type: 'SIGNED_IN', account: next }),
    signOut: () => session.send({ type: 'SIGN_OUT' }),
  };
}
