// A bot module that forgot to export its Decide function.
export const name = 'forgetful';
