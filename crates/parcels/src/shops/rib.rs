//! A shop's RIB changes: requested by its merchant, decided by an admin, applied at once for
//! an admin; each change kept and listed.

use super::*;
use colivra_core::{Centimes, MerchantId, UserId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::schema::invoices;
use colivra_notifications::Kind;

/// A RIB change row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = changes)]
pub(super) struct ChangeRow {
    pub(super) id: i64,
    pub(super) key: String,
    pub(super) shop_id: ShopId,
    pub(super) old_bank_account: Option<String>,
    pub(super) new_bank_account: String,
    pub(super) status: String,
    pub(super) comment: Option<String>,
    pub(super) requested_by: Option<UserId>,
    pub(super) decided_by: Option<UserId>,
    pub(super) requested_at: NaiveDateTime,
    pub(super) decided_at: Option<NaiveDateTime>,
    pub(super) certificate_sha256: Option<String>,
    pub(super) certificate_type: Option<String>,
    pub(super) certificate_at: Option<NaiveDateTime>,
}

impl ChangeRow {
    /// The certificate attached to it, if any.
    pub(super) fn certificate(&self) -> Option<CertificateRef> {
        self.certificate_type
            .clone()
            .zip(self.certificate_at)
            .map(|(media_type, uploaded_at)| CertificateRef {
                media_type,
                uploaded_at,
            })
    }

    pub(super) fn status(&self) -> BankAccountChangeStatus {
        BankAccountChangeStatus::parse(&self.status).unwrap_or(BankAccountChangeStatus::Pending)
    }
}

pub(super) fn pending_of(conn: &mut DbConnection, shop_id: ShopId) -> AppResult<Option<ChangeRow>> {
    changes::table
        .filter(changes::shop_id.eq(shop_id))
        .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str()))
        .select(ChangeRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()
}

pub(super) fn insert_change(
    conn: &mut DbConnection,
    actor_id: UserId,
    shop: &ShopRow,
    new: &str,
    status: BankAccountChangeStatus,
) -> AppResult<String> {
    let now = time::now();
    let change_key = key::prefixed_key("RB", 8);
    let decided = status != BankAccountChangeStatus::Pending;
    diesel::insert_into(changes::table)
        .values((
            changes::key.eq(&change_key),
            changes::shop_id.eq(shop.id),
            changes::old_bank_account.eq(&shop.bank_account),
            changes::new_bank_account.eq(new),
            changes::status.eq(status.as_str()),
            changes::requested_by.eq(actor_id),
            changes::decided_by.eq(decided.then_some(actor_id)),
            changes::requested_at.eq(now),
            changes::decided_at.eq(decided.then_some(now)),
        ))
        .execute(conn)
        .map_err(|error| {
            // The one-pending index: another request of this shop was written meanwhile.
            if colivra_db::error::is_unique_violation(&error) {
                AppError::Conflict(
                    "Une autre demande de changement de RIB vient d'être faite pour cette boutique."
                        .to_owned(),
                )
            } else {
                colivra_db::error::app_error_from_diesel(error)
            }
        })?;
    Ok(change_key)
}

/// The merchant asks for `new`: a pending change (his pending one, if any, is replaced).
/// Returns whether a request was opened (asking again for the RIB already asked opens none).
pub(super) fn request(
    conn: &mut DbConnection,
    actor_id: UserId,
    shop: &ShopRow,
    new: &str,
) -> AppResult<bool> {
    let pending = pending_of(conn, shop.id)?;
    if pending.as_ref().is_some_and(|p| p.new_bank_account == new) {
        return Ok(false);
    }
    let mut replaced = None;
    if let Some(pending) = pending {
        // Conditional: an admin deciding it at this moment wins, and this request stands alone.
        let updated = diesel::update(
            changes::table
                .find(pending.id)
                .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str())),
        )
        .set(changes::status.eq(BankAccountChangeStatus::Replaced.as_str()))
        .execute(conn)
        .map_db_err()?;
        if updated == 1 {
            replaced = Some(pending.key);
        }
    }
    let change_key = insert_change(conn, actor_id, shop, new, BankAccountChangeStatus::Pending)?;
    record(
        conn,
        actor_id,
        "shop.bank_account_requested",
        &shop.key,
        json!({
            "shop": shop.key,
            "change": change_key,
            "bank_account": {
                "old": shop.bank_account.as_deref().map(mask_rib),
                "new": mask_rib(new),
            },
            "replaced": replaced,
        }),
    )?;
    notify(
        conn,
        shop.id,
        Kind::BankAccountChangeRequested,
        shop.bank_account.as_deref(),
        new,
        json!({}),
    )?;
    Ok(true)
}

/// An admin's new RIB: in force at once, kept as an approved change.
pub(super) fn apply_now(
    conn: &mut DbConnection,
    actor_id: UserId,
    shop: &ShopRow,
    new: &str,
) -> AppResult<()> {
    if let Some(pending) = pending_of(conn, shop.id)? {
        return Err(AppError::Conflict(format!(
            "Le client a demandé un changement de RIB ({}) : approuvez ou refusez sa demande d'abord.",
            mask_rib(&pending.new_bank_account)
        )));
    }
    let change_key = insert_change(conn, actor_id, shop, new, BankAccountChangeStatus::Approved)?;
    diesel::update(shops::table.find(shop.id))
        .set(shops::bank_account.eq(new))
        .execute(conn)
        .map_db_err()?;
    record(
        conn,
        actor_id,
        "shop.bank_account_changed",
        &shop.key,
        json!({
            "shop": shop.key,
            "change": change_key,
            "bank_account": {
                "old": shop.bank_account.as_deref().map(mask_rib),
                "new": mask_rib(new),
            },
        }),
    )?;
    notify(
        conn,
        shop.id,
        Kind::BankAccountChangeDecided,
        shop.bank_account.as_deref(),
        new,
        json!({ "approved": true, "comment": "" }),
    )
}

/// The merchant is told by e-mail of every change of where his shop's money is paid, asked or
/// decided (a security message: always sent), the RIBs masked.
fn notify(
    conn: &mut DbConnection,
    shop_id: ShopId,
    kind: Kind,
    old: Option<&str>,
    new: &str,
    values: serde_json::Value,
) -> AppResult<()> {
    let (shop_name, merchant_id): (String, MerchantId) = shops::table
        .find(shop_id)
        .select((shops::name, shops::merchant_id))
        .first(conn)
        .map_db_err()?;
    let mut values = values;
    values["shop_name"] = shop_name.into();
    values["old_account"] = old.map(mask_rib).unwrap_or_default().into();
    values["new_account"] = mask_rib(new).into();
    colivra_notifications::outbox::queue_email_to(
        conn,
        merchant_id.into(),
        kind,
        None,
        Some("/compte/shops"),
        |_| values,
    )?;
    Ok(())
}

/// Someone named on a RIB change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangePersonRef {
    pub key: String,
    pub name: String,
}

/// The shop a RIB change is about.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangeShopRef {
    pub key: String,
    pub name: String,
}

/// A RIB change as the admin's work queue shows it: RIBs masked but for their last 4 digits.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankAccountChangeView {
    pub key: String,
    pub shop: ChangeShopRef,
    /// The merchant (his company, else his name).
    #[serde(rename = "client")]
    pub merchant: ChangePersonRef,
    /// The approved RIB when it was asked, masked (null: the shop had none).
    pub old_bank_account: Option<String>,
    /// The RIB asked for, masked.
    pub bank_account: String,
    pub status: BankAccountChangeStatus,
    pub comment: Option<String>,
    pub requested_by: Option<ChangePersonRef>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub requested_at: NaiveDateTime,
    pub decided_by: Option<ChangePersonRef>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
    /// The bank's certificate the merchant attached (its type and when), null when none: the
    /// approver opens it at `shops/bank-account-changes/{key}/certificate`.
    pub certificate: Option<CertificateRef>,
    /// While pending: the RIB asked for, whole and split (bank with its name, city, account,
    /// key), for the admin to check against the bank's certificate; null once decided.
    pub requested: Option<super::RibParts>,
    /// While pending: the shop's validated, unpaid client invoices (delivered type), which the
    /// next transfer file pays to the RIB approved then, so to this one if it is approved.
    pub unpaid_invoices: Vec<ChangeInvoiceRef>,
}

/// A RIB change's certificate.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CertificateRef {
    /// `application/pdf`, `image/jpeg` or `image/png`.
    pub media_type: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub uploaded_at: NaiveDateTime,
}

/// The largest certificate: 2 MB.
pub const MAX_CERTIFICATE_BYTES: usize = 2 * 1024 * 1024;

/// A certificate's type, read from its bytes (never from what the sender says).
fn certificate_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"%PDF-") {
        Some("application/pdf")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some("image/png")
    } else {
        None
    }
}

/// The shop's merchant attaches the bank's certificate to his pending RIB change (a new one
/// replaces the previous): a PDF, JPEG or PNG of 2 MB at most, typed by its content.
pub fn attach_certificate(
    conn: &mut DbConnection,
    store: &crate::proof::ProofStore,
    merchant_id: MerchantId,
    actor_id: UserId,
    change_key: &str,
    bytes: &[u8],
) -> AppResult<BankAccountChangeView> {
    if bytes.len() > MAX_CERTIFICATE_BYTES {
        return Err(AppError::validation(
            "certificate",
            "L'attestation fait 2 Mo au plus.",
        ));
    }
    let Some(media_type) = certificate_type(bytes) else {
        return Err(AppError::validation(
            "certificate",
            "L'attestation est un PDF, un JPEG ou un PNG.",
        ));
    };
    let row = change_of_merchant(conn, merchant_id, change_key)?;
    if row.status() != BankAccountChangeStatus::Pending {
        return Err(AppError::Conflict(
            "Ce changement de RIB est déjà décidé.".to_owned(),
        ));
    }
    // Kept by its hash, outside the transaction (as a proof's images): an orphan file if the
    // write below fails harms nobody.
    let sha256 = store.put(bytes)?;
    immediate_transaction(conn, |conn| {
        let updated = diesel::update(
            changes::table
                .find(row.id)
                .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str())),
        )
        .set((
            changes::certificate_sha256.eq(&sha256),
            changes::certificate_type.eq(media_type),
            changes::certificate_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        if updated == 0 {
            return Err(AppError::Conflict(
                "Ce changement de RIB est déjà décidé.".to_owned(),
            ));
        }
        let shop_key: String = shops::table
            .find(row.shop_id)
            .select(shops::key)
            .first(conn)
            .map_db_err()?;
        record(
            conn,
            actor_id,
            "shop.bank_account_certificate_attached",
            &shop_key,
            json!({"shop": shop_key, "change": row.key, "type": media_type}),
        )?;
        let row = changes::table
            .find(row.id)
            .select(ChangeRow::as_select())
            .first(conn)
            .map_db_err()?;
        change_views(conn, vec![row])?
            .pop()
            .ok_or(AppError::NotFound)
    })
}

/// A merchant's change by key (404 for another merchant's).
fn change_of_merchant(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    change_key: &str,
) -> AppResult<ChangeRow> {
    let row: ChangeRow = changes::table
        .filter(changes::key.eq(change_key.trim().to_uppercase()))
        .select(ChangeRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    let owner: MerchantId = shops::table
        .find(row.shop_id)
        .select(shops::merchant_id)
        .first(conn)
        .map_db_err()?;
    if owner == merchant_id {
        Ok(row)
    } else {
        Err(AppError::NotFound)
    }
}

/// A change's certificate for the shop's merchant or an admin: its bytes and type (404 when
/// none).
pub fn certificate(
    conn: &mut DbConnection,
    store: &crate::proof::ProofStore,
    scope: Scope,
    change_key: &str,
) -> AppResult<(Vec<u8>, &'static str)> {
    let row = match scope {
        Scope::Everyone => changes::table
            .filter(changes::key.eq(change_key.trim().to_uppercase()))
            .select(ChangeRow::as_select())
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?,
        Scope::Merchant(id) => change_of_merchant(conn, id, change_key)?,
        Scope::DeliveryPerson(_) => return Err(AppError::NotFound),
    };
    let (Some(sha256), Some(media_type)) = (row.certificate_sha256, row.certificate_type) else {
        return Err(AppError::NotFound);
    };
    let media_type = ["application/pdf", "image/jpeg", "image/png"]
        .into_iter()
        .find(|known| *known == media_type)
        .ok_or(AppError::NotFound)?;
    Ok((store.get(&sha256)?, media_type))
}

/// A client invoice a RIB decision moves.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangeInvoiceRef {
    pub key: String,
    pub number: Option<String>,
    /// Centimes.
    #[schema(value_type = i64)]
    pub total: Centimes,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ChangeFilters {
    /// `pending` (the work queue, oldest first), `approved`, `refused`, `replaced`; none: all,
    /// newest first.
    #[param(value_type = Option<BankAccountChangeStatus>, inline)]
    pub status: Option<String>,
    /// One shop's changes (shop key).
    pub shop: Option<String>,
    /// One merchant's changes (merchant key).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
}

pub(super) fn person_name(first: &str, last: &str, company: Option<&str>) -> String {
    company
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .unwrap_or_else(|| format!("{first} {last}").trim().to_owned())
}

pub(super) fn change_views(
    conn: &mut DbConnection,
    rows: Vec<ChangeRow>,
) -> AppResult<Vec<BankAccountChangeView>> {
    let shop_ids: Vec<ShopId> = rows.iter().map(|r| r.shop_id).collect();
    let shops_found: Vec<(ShopId, String, String, MerchantId)> = shops::table
        .filter(shops::id.eq_any(&shop_ids))
        .select((shops::id, shops::key, shops::name, shops::merchant_id))
        .load(conn)
        .map_db_err()?;
    let people_ids: Vec<UserId> = rows
        .iter()
        .flat_map(|r| [r.requested_by, r.decided_by])
        .flatten()
        .chain(shops_found.iter().map(|s| s.3.into()))
        .collect();
    let people: Vec<(UserId, String, String, String, Option<String>)> = users::table
        .filter(users::id.eq_any(&people_ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
        ))
        .load(conn)
        .map_db_err()?;
    // The unpaid invoices each pending change would move, by shop.
    let pending_shops: Vec<ShopId> = rows
        .iter()
        .filter(|r| r.status() == BankAccountChangeStatus::Pending)
        .map(|r| r.shop_id)
        .collect();
    let unpaid: Vec<(Option<ShopId>, String, Option<String>, Centimes)> = invoices::table
        .filter(invoices::shop_id.eq_any(&pending_shops))
        .filter(invoices::kind.eq("delivered"))
        .filter(invoices::status.eq("validated"))
        .order(invoices::id.asc())
        .select((
            invoices::shop_id,
            invoices::key,
            invoices::number,
            invoices::total,
        ))
        .load(conn)
        .map_db_err()?;
    let person = |id: UserId, company: bool| {
        people
            .iter()
            .find(|p| p.0 == id)
            .map(|(_, key, first, last, firm)| ChangePersonRef {
                key: key.clone(),
                name: person_name(first, last, firm.as_deref().filter(|_| company)),
            })
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let shop = shops_found.iter().find(|s| s.0 == row.shop_id);
            let (shop_key, shop_name) =
                shop.map(|s| (s.1.clone(), s.2.clone())).unwrap_or_default();
            let pending = row.status() == BankAccountChangeStatus::Pending;
            let certificate = row.certificate();
            BankAccountChangeView {
                status: row.status(),
                key: row.key,
                shop: ChangeShopRef {
                    key: shop_key,
                    name: shop_name,
                },
                merchant: shop
                    .and_then(|s| person(s.3.into(), true))
                    .unwrap_or(ChangePersonRef {
                        key: String::new(),
                        name: String::new(),
                    }),
                old_bank_account: row.old_bank_account.as_deref().map(mask_rib),
                bank_account: mask_rib(&row.new_bank_account),
                certificate,
                requested: pending
                    .then(|| super::rib_parts(&row.new_bank_account))
                    .flatten(),
                comment: row.comment,
                requested_by: row.requested_by.and_then(|id| person(id, false)),
                requested_at: row.requested_at,
                decided_by: row.decided_by.and_then(|id| person(id, false)),
                decided_at: row.decided_at,
                unpaid_invoices: match pending {
                    true => unpaid
                        .iter()
                        .filter(|(shop, ..)| *shop == Some(row.shop_id))
                        .map(|(_, key, number, total)| ChangeInvoiceRef {
                            key: key.clone(),
                            number: number.clone(),
                            total: *total,
                        })
                        .collect(),
                    false => Vec::new(),
                },
            }
        })
        .collect())
}

/// `GET shops/bank-account-changes`: every shop's RIB changes (admins).
pub fn list_changes(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &ChangeFilters,
) -> AppResult<Paginated<BankAccountChangeView>> {
    let status = match filters.status.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(BankAccountChangeStatus::parse(raw).ok_or_else(|| {
            AppError::validation(
                "status",
                "Statut inconnu : pending, approved, refused ou replaced.",
            )
        })?),
    };
    let key_of = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_owned)
    };
    let (shop, merchant) = (key_of(&filters.shop), key_of(&filters.merchant));
    let filtered = || {
        let mut q = changes::table.into_boxed();
        if let Some(status) = status {
            q = q.filter(changes::status.eq(status.as_str()));
        }
        if let Some(shop) = &shop {
            q = q.filter(
                changes::shop_id.eq_any(
                    shops::table
                        .filter(shops::key.eq(shop.clone()))
                        .select(shops::id),
                ),
            );
        }
        if let Some(merchant) = &merchant {
            q = q.filter(
                changes::shop_id.eq_any(
                    shops::table
                        .inner_join(users::table)
                        .filter(users::key.eq(merchant.clone()))
                        .select(shops::id),
                ),
            );
        }
        q
    };
    let queue = status == Some(BankAccountChangeStatus::Pending);
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = if queue {
                filtered().order(changes::id.asc())
            } else {
                filtered().order(changes::id.desc())
            };
            q.select(ChangeRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: change_views(conn, page.data)?,
        meta: page.meta,
    })
}

/// An admin's decision on a pending RIB change.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BankAccountDecision {
    Approved,
    Refused,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct BankAccountDecisionInput {
    /// `approved`: the RIB is in force at once; `refused` (with a comment): the approved one stays.
    #[schema(value_type = BankAccountDecision, required = true)]
    pub status: Option<String>,
    /// Why it was refused (required then), up to 500 characters; shown to the merchant.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// The longest comment on a decision.
pub const MAX_COMMENT: usize = 500;

/// `PUT shops/bank-account-changes/{key}`: an admin approves or refuses a pending change.
/// Conditional on it still being pending: of two decisions at once, one wins, the other 409s.
pub fn decide(
    conn: &mut DbConnection,
    actor_id: UserId,
    change_key: &str,
    input: &BankAccountDecisionInput,
) -> AppResult<BankAccountChangeView> {
    let mut errors = FieldErrors::new();
    let status = match input.status.as_deref().map(str::trim) {
        Some("approved") => BankAccountChangeStatus::Approved,
        Some("refused") => BankAccountChangeStatus::Refused,
        _ => {
            errors.add("status", "Indiquez approved ou refused.");
            BankAccountChangeStatus::Pending
        }
    };
    let comment = errors.optional_text("comment", input.comment.as_deref(), MAX_COMMENT);
    if status == BankAccountChangeStatus::Refused
        && comment.is_none()
        && !errors.contains("comment")
    {
        errors.add("comment", "Indiquez au client pourquoi son RIB est refusé.");
    }
    immediate_transaction(conn, |conn| {
        let row: ChangeRow = changes::table
            .filter(changes::key.eq(change_key.trim().to_uppercase()))
            .select(ChangeRow::as_select())
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        // A RIB is approved against the bank's certificate, never on the merchant's word.
        if status == BankAccountChangeStatus::Approved
            && row.status() == BankAccountChangeStatus::Pending
            && row.certificate_sha256.is_none()
        {
            errors.add(
                "status",
                "Aucune attestation de RIB jointe : demandez-la au client avant d'approuver.",
            );
        }
        std::mem::take(&mut errors).into_result()?;
        let now = time::now();
        let updated: Option<ChangeRow> = diesel::update(
            changes::table
                .find(row.id)
                .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str())),
        )
        .set((
            changes::status.eq(status.as_str()),
            changes::comment.eq(&comment),
            changes::decided_by.eq(actor_id),
            changes::decided_at.eq(now),
        ))
        .returning(changes::all_columns)
        .get_result(conn)
        .optional()
        .map_db_err()?;
        let Some(row) = updated else {
            let label = match row.status() {
                BankAccountChangeStatus::Approved => "approuvée",
                BankAccountChangeStatus::Refused => "refusée",
                _ => "remplacée par une nouvelle demande du client",
            };
            return Err(AppError::Conflict(format!(
                "Cette demande de changement de RIB est déjà {label}."
            )));
        };
        if status == BankAccountChangeStatus::Approved {
            diesel::update(shops::table.find(row.shop_id))
                .set((
                    shops::bank_account.eq(&row.new_bank_account),
                    shops::updated_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        let (shop_key, requester): (String, Option<String>) = (
            shops::table
                .find(row.shop_id)
                .select(shops::key)
                .first(conn)
                .map_db_err()?,
            match row.requested_by {
                Some(id) => users::table
                    .find(id)
                    .select(users::key)
                    .first(conn)
                    .optional()
                    .map_db_err()?,
                None => None,
            },
        );
        record(
            conn,
            actor_id,
            match status {
                BankAccountChangeStatus::Approved => "shop.bank_account_approved",
                _ => "shop.bank_account_refused",
            },
            &shop_key,
            json!({
                "shop": shop_key,
                "change": row.key,
                "bank_account": {
                    "old": row.old_bank_account.as_deref().map(mask_rib),
                    "new": mask_rib(&row.new_bank_account),
                },
                "requested_by": requester,
                "comment": comment,
            }),
        )?;
        notify(
            conn,
            row.shop_id,
            Kind::BankAccountChangeDecided,
            row.old_bank_account.as_deref(),
            &row.new_bank_account,
            json!({
                "approved": status == BankAccountChangeStatus::Approved,
                "comment": comment.clone().unwrap_or_default(),
            }),
        )?;
        change_views(conn, vec![row])?
            .pop()
            .ok_or(AppError::NotFound)
    })
}
