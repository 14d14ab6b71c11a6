/** Where a question wizard keeps its progress in local storage, per catalog (`rumbo-wizard-ds160`). */
export const wizardStorageKey = (catalogId: string) => `rumbo-wizard-${catalogId}`;
