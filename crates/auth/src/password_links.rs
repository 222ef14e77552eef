//! Links to choose a password, sent by e-mail: « Mot de passe oublié ? » (valid 30 minutes) and
//! a staff member's invitation (7 days). Each link works once; only its token's SHA-256 is kept.
//! Asking for one answers the same whether the address is an account or not (nobody learns who
//! has one), and is throttled per address asked for and per caller's address alike. Choosing the
//! password ends every session and personal token of the account.

use chrono::Duration;
use colivra_core::{time, AppError, AppResult, FieldErrors, UserId};
use colivra_db::schema::{password_tokens, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use colivra_notifications::outbox::{queue_email, Email, Reader};
use colivra_notifications::Kind;
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use crate::passwords;
use crate::throttle::SignInThrottle;
use crate::users::{self as user_repo, User};

/// A forgotten password's link lasts this long.
pub const RESET_MINUTES: i64 = 30;
/// An invitation's link lasts this long.
pub const INVITATION_DAYS: i64 = 7;
/// The page the links open.
pub const PAGE: &str = "/reinitialiser-mot-de-passe";

/// Requests for a link: 3 per address asked for and 20 per caller's address in 15 minutes
/// (counted whether the account exists or not, so both answer alike).
pub const THROTTLE: SignInThrottle = SignInThrottle {
    per_account: 3,
    per_address: 20,
    window_seconds: 15 * 60,
};

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new link's token for `user_id`, stored hashed; earlier unused links of the same purpose
/// stop working (the newest e-mail is the one to use).
fn issue(
    conn: &mut DbConnection,
    user_id: UserId,
    purpose: &str,
    lasts: Duration,
) -> AppResult<String> {
    let now = time::now();
    diesel::update(
        password_tokens::table
            .filter(password_tokens::user_id.eq(user_id))
            .filter(password_tokens::purpose.eq(purpose))
            .filter(password_tokens::used_at.is_null()),
    )
    .set(password_tokens::used_at.eq(now))
    .execute(conn)
    .map_db_err()?;
    let token = colivra_core::key::random_secret(43);
    diesel::insert_into(password_tokens::table)
        .values((
            password_tokens::user_id.eq(user_id),
            password_tokens::token_hash.eq(hash(&token)),
            password_tokens::purpose.eq(purpose),
            password_tokens::expires_at.eq(now + lasts),
            password_tokens::created_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(token)
}

fn link(token: &str, invitation: bool) -> String {
    if invitation {
        format!("{PAGE}?jeton={token}&invitation=1")
    } else {
        format!("{PAGE}?jeton={token}")
    }
}

/// `POST /api/password/forgotten`: e-mails a link to the active account of `email`, if there is
/// one; the same answer otherwise. 429 past the limits, for known and unknown addresses alike.
pub fn request_reset(conn: &mut DbConnection, email: &str, address: &str) -> AppResult<()> {
    let email = user_repo::normalize_email(email);
    if email.len() > 254 || !validator::ValidateEmail::validate_email(&email) {
        return Err(AppError::validation(
            "email",
            "Saisissez une adresse e-mail valide.",
        ));
    }
    let account_key = format!("reset-email:{email}");
    let address_key = format!("reset-addr:{address}");
    immediate_transaction(conn, |conn| {
        if let Err(retry_after_seconds) = THROTTLE.check(conn, &account_key, &address_key)? {
            return Err(AppError::TooManyAttempts {
                retry_after_seconds,
            });
        }
        THROTTLE.record(conn, &[&account_key, &address_key])?;
        let Some(user) = user_repo::find_by_email(conn, &email)?.filter(|user| user.active) else {
            return Ok(());
        };
        let token = issue(conn, user.id, "reset", Duration::minutes(RESET_MINUTES))?;
        queue_email(
            conn,
            Email {
                kind: Kind::PasswordReset,
                reader: &reader(&user),
                subject_key: Some(&user.key),
                link: Some(&link(&token, false)),
                values: serde_json::json!({ "minutes": RESET_MINUTES }),
            },
        )?;
        activities::log(
            conn,
            Some(user.id),
            "password.reset_requested",
            "user",
            &user.key,
        )
    })
}

/// A staff member created without a password: e-mails him the link to choose one (7 days), in
/// the caller's transaction. `team` is the name he joins (the merchant's company, the company's).
pub fn invite(
    conn: &mut DbConnection,
    invited: &User,
    inviter: &User,
    team: &str,
) -> AppResult<()> {
    let token = issue(
        conn,
        invited.id,
        "invitation",
        Duration::days(INVITATION_DAYS),
    )?;
    queue_email(
        conn,
        Email {
            kind: Kind::StaffInvitation,
            reader: &reader(invited),
            subject_key: Some(&invited.key),
            link: Some(&link(&token, true)),
            values: serde_json::json!({
                "days": INVITATION_DAYS,
                "inviter": inviter.full_name(),
                "team": team,
            }),
        },
    )?;
    Ok(())
}

/// `POST /api/password/reset`: the link's new password; every session and personal token of
/// the account ends. A link used, replaced or past its time: 422 on `token`.
pub fn reset(
    conn: &mut DbConnection,
    token: &str,
    password: &str,
    confirmation: Option<&str>,
) -> AppResult<()> {
    let refused = || {
        AppError::validation(
            "token",
            "Ce lien n'est plus valable : demandez-en un nouveau.",
        )
    };
    if token.is_empty() || token.len() > 200 {
        return Err(refused());
    }
    immediate_transaction(conn, |conn| {
        let now = time::now();
        let found: Option<(i64, UserId, String)> = password_tokens::table
            .filter(password_tokens::token_hash.eq(hash(token)))
            .filter(password_tokens::used_at.is_null())
            .filter(password_tokens::expires_at.gt(now))
            .select((
                password_tokens::id,
                password_tokens::user_id,
                password_tokens::purpose,
            ))
            .first(conn)
            .optional()
            .map_db_err()?;
        let (token_id, user_id, purpose) = found.ok_or_else(refused)?;
        let user = user_repo::find_by_id(conn, user_id)?.ok_or_else(refused)?;
        let mut errors = FieldErrors::new();
        passwords::check_new_password(
            &mut errors,
            "password",
            password,
            confirmation,
            &[&user.first_name, &user.last_name, &user.email],
        );
        errors.into_result()?;
        // Used once: a second request racing this one finds it used and is refused.
        let taken = diesel::update(
            password_tokens::table
                .find(token_id)
                .filter(password_tokens::used_at.is_null()),
        )
        .set(password_tokens::used_at.eq(now))
        .execute(conn)
        .map_db_err()?;
        if taken == 0 {
            return Err(refused());
        }
        diesel::update(users::table.find(user.id))
            .set((
                users::password_hash.eq(passwords::hash(password)?),
                users::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        // The sessions end (someone may hold the old password); personal tokens stay, listed
        // on the profile, so a shop's integration does not stop with a password.
        crate::sessions::delete_for_user(conn, user.id)?;
        SignInThrottle::default().clear(conn, &SignInThrottle::account_key(&user.email))?;
        let action = if purpose == "invitation" {
            "password.chosen"
        } else {
            "password.reset"
        };
        activities::log(conn, Some(user.id), action, "user", &user.key)
    })
}

fn reader(user: &User) -> Reader {
    Reader::new(
        user.id,
        &user.email,
        &user.first_name,
        user.language.as_deref(),
    )
}

/// Forgets links that ended more than a day ago (used or not); how many.
pub fn prune(conn: &mut DbConnection) -> AppResult<usize> {
    diesel::delete(
        password_tokens::table
            .filter(password_tokens::expires_at.lt(time::now() - Duration::days(1))),
    )
    .execute(conn)
    .map_db_err()
}
