import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '../../machines/domain/language';
import type { LanguageActor } from './language';
import type { ToastActor, ToastRequest } from './toasts';

interface AppActors {
  language: LanguageActor;
  toasts: ToastActor;
}

const AppContext = createContext<AppActors | null>(null);

export function AppProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppContext.Provider value={actors}>{children}</AppContext.Provider>;
}

function useActors(): AppActors {
  const actors = useContext(AppContext);
  if (!actors) throw new Error('AppProvider is missing');
  return actors;
}

export function useLanguage(): { language: Language; change: (language: Language) => void } {
  const { language } = useActors();
  const current = useSelector(language, (s) => s.context.language);
  return { language: current, change: (next) => language.send({ type: 'LANGUAGE.CHANGE', language: next }) };
}

export function useToast(): (toast: ToastRequest) => void {
  const { toasts } = useActors();
  return (toast) => toasts.send({ type: 'TOAST.SHOW', toast });
}

export function useToastActor(): ToastActor {
  return useActors().toasts;
}
