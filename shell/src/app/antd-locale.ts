import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';

/**
 * antd's own texts in each language, with one word mended: its Vietnamese asks a date-only field to "Chọn thời điểm"
 * (pick a moment); a date field says "Chọn ngày", as the English says "Select date". A field with a time says so
 * itself (ui-kit DateInput: "Chọn ngày giờ").
 */
const vi: Locale = viVN.DatePicker ? { ...viVN, DatePicker: { ...viVN.DatePicker, lang: { ...viVN.DatePicker.lang, placeholder: 'Chọn ngày' } } } : viVN;

export const antdLocale: Record<'vi' | 'en', Locale> = { vi, en: enUS };
