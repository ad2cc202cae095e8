import { secondaryButtonStyle } from '~/components/account-page'
import { Confirmation } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'

/** The Favorites page's switch of instant e-mails about favourites' price drops and returns to the market (decision 0071); a plain form. */
export function FavoriteAlertsForm({ isOn, isChanged }: { isOn: boolean; isChanged: boolean }) {
  return (
    <section aria-labelledby="favorite-alerts-heading" className="mt-3">
      <h2 id="favorite-alerts-heading" className="sr-only">
        E-mails about your favorites
      </h2>
      {isChanged ? (
        <Confirmation>{isOn ? 'Your favorites’ price drops will be e-mailed to you.' : 'Your favorites will not be e-mailed to you.'}</Confirmation>
      ) : null}
      <form method="post" action={accountPaths.favorites} className="flex flex-wrap items-center gap-3 text-sm">
        <input type="hidden" name="intent" value="favorite-alerts" />
        <p>
          {isOn
            ? 'We e-mail you within minutes when a favorite’s price drops or it is back on the market.'
            : 'Your favorites’ price drops and returns to the market are not e-mailed to you.'}
        </p>
        <button type="submit" name="alerts" value={isOn ? 'off' : 'on'} className={secondaryButtonStyle}>
          {isOn ? 'Stop these e-mails' : 'E-mail me when a favorite’s price drops'}
        </button>
      </form>
    </section>
  )
}
