import { z } from 'zod'
import { zodField } from '~/models/forms/zod-field'
import { leadReplyRules } from './seller-lead'
import { quietHoursTimeZones } from './reply-times'

/** The leads inbox's reply and quiet-hours forms as zod schemas, for the action (server only, as `listing-forms.ts`). */
export const LeadReplySchema = z.object({
  intent: z.literal('reply'),
  leadId: z.coerce.number().int().positive(),
  reply: zodField(leadReplyRules.reply),
})

const hourOfDay = z.coerce.number({ invalid_type_error: 'Choose an hour.' }).int().min(0).max(23)
const timeZoneIds = quietHoursTimeZones.map((zone) => zone.id) as [string, ...string[]]

export const QuietHoursSchema = z
  .object({
    intent: z.literal('quiet-hours'),
    isOn: z.preprocess((value) => value === 'on', z.boolean()),
    from: hourOfDay,
    until: hourOfDay,
    timeZone: z.enum(timeZoneIds, { errorMap: () => ({ message: 'Choose a time zone.' }) }),
  })
  .refine((value) => !value.isOn || value.from !== value.until, { path: ['until'], message: 'Quiet hours must end at another hour than they start.' })
