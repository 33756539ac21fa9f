import type { ReminderTemplate } from '../../src/api/entities/reminder';
import { serverTexts } from '../i18n/serverTexts';

/** A built-in template's fixed part; its name and text are translated (`ReminderTemplates.<key>`). */
interface TemplateDefinition {
  readonly ReminderTemplateID: number;
  readonly key: 'Medication' | 'Water' | 'Charge' | 'CheckIn';
  readonly StartTime: string;
  readonly EndTime: string;
  readonly DaysOfWeek: readonly number[];
  readonly DeliveryMethods: readonly ReminderTemplate['DeliveryMethods'][number][];
  readonly SnoozeMinutes: number;
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The ready-made reminders a member can start from (spec app §3 "reminder templates"; which ones is
 * our choice, docs/decisions.md "Reminders"): ids are stable, as saved reminders name the template
 * they were made from.
 */
const DEFINITIONS: readonly TemplateDefinition[] = [
  {
    ReminderTemplateID: 1,
    key: 'Medication',
    StartTime: '08:00',
    EndTime: '08:30',
    DaysOfWeek: EVERY_DAY,
    DeliveryMethods: ['DEVICE'],
    SnoozeMinutes: 10,
  },
  {
    ReminderTemplateID: 2,
    key: 'Water',
    StartTime: '10:00',
    EndTime: '18:00',
    DaysOfWeek: EVERY_DAY,
    DeliveryMethods: ['DEVICE'],
    SnoozeMinutes: 60,
  },
  {
    ReminderTemplateID: 3,
    key: 'Charge',
    StartTime: '21:00',
    EndTime: '21:30',
    DaysOfWeek: EVERY_DAY,
    DeliveryMethods: ['DEVICE'],
    SnoozeMinutes: 15,
  },
  {
    ReminderTemplateID: 4,
    key: 'CheckIn',
    StartTime: '18:00',
    EndTime: '18:15',
    DaysOfWeek: EVERY_DAY,
    DeliveryMethods: ['DEVICE', 'SMS'],
    SnoozeMinutes: 15,
  },
];

/** Whether `id` is a built-in template's ReminderTemplateID. */
export function isReminderTemplateId(id: number): boolean {
  return DEFINITIONS.some((template) => template.ReminderTemplateID === id);
}

/**
 * The built-in templates with their names and texts in `language` (ISO 639-1; null or one without
 * the section: English), in a stable order.
 */
export function reminderTemplates(language: string | null): ReminderTemplate[] {
  const t = serverTexts(language, 'ReminderTemplates');
  return DEFINITIONS.map(({ key, DaysOfWeek, DeliveryMethods, ...fixed }) => ({
    ...fixed,
    Name: t(`${key}.Name`),
    Text: t(`${key}.Text`),
    DaysOfWeek: [...DaysOfWeek],
    DeliveryMethods: [...DeliveryMethods],
  }));
}
