/** The HR remote's texts (namespace `hr`), Vietnamese and English. */
export const hrTexts = {
  ns: 'hr',
  vi: { orgChart: 'Sơ đồ tổ chức' },
  en: { orgChart: 'Organization chart' },
};
