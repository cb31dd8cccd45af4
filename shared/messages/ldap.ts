// zh texts for the ldap area (English template → Chinese).
export const ldap: Record<string, string> = {
};
