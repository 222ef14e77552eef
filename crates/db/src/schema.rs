// One schema for both backends: only types SQLite and PostgreSQL share (BigInt, Text, Bool,
// Timestamp). Money is BigInt centimes.

diesel::table! {
    users (id) {
        id -> BigInt,
        key -> Text,
        role -> Text,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        phone -> Text,
        avatar -> Nullable<Text>,
        company -> Nullable<Text>,
        city -> Nullable<Text>,
        password_hash -> Text,
        active -> Bool,
        permissions -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        national_id -> Nullable<Text>,
        vehicle -> Nullable<Text>,
        ice -> Nullable<Text>,
        delivery_proof -> Text,
        language -> Nullable<Text>,
        confirmation_required -> Bool,
        confirmation_fee -> BigInt,
    }
}

diesel::table! {
    merchant_staff (user_id) {
        user_id -> BigInt,
        owner_id -> BigInt,
    }
}

diesel::table! {
    delivery_person_cities (id) {
        id -> BigInt,
        key -> Text,
        delivery_person_id -> BigInt,
        city_id -> BigInt,
        delivered_commission -> BigInt,
        refused_commission -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    merchant_costs (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        city_id -> BigInt,
        delivery_fee -> BigInt,
        return_fee -> BigInt,
        refusal_fee -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Nullable<BigInt>,
        state -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        public_key -> Nullable<Text>,
        device -> Nullable<Text>,
        address -> Nullable<Text>,
        last_seen_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sign_in_failures (id) {
        id -> BigInt,
        key -> Text,
        failed_at -> Timestamp,
    }
}

diesel::table! {
    personal_tokens (id) {
        id -> BigInt,
        key -> Text,
        user_id -> BigInt,
        name -> Text,
        token_hash -> Text,
        abilities -> Text,
        expires_at -> Nullable<Timestamp>,
        last_used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    activities (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        action -> Text,
        subject_type -> Nullable<Text>,
        subject_key -> Nullable<Text>,
        details -> Nullable<Text>,
        created_at -> Timestamp,
        subject_code -> Nullable<Text>,
        key -> Nullable<Text>,
    }
}

diesel::table! {
    settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    cities (id) {
        id -> BigInt,
        key -> Text,
        name -> Text,
        delivery_fee -> BigInt,
        return_fee -> BigInt,
        refusal_fee -> BigInt,
        active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    shops (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        name -> Text,
        phone -> Text,
        address -> Text,
        city_id -> BigInt,
        bank_account -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    parcels (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        shop_id -> BigInt,
        reference -> Nullable<Text>,
        recipient_name -> Text,
        recipient_phone -> Text,
        recipient_phone_alt -> Nullable<Text>,
        city_id -> BigInt,
        address -> Text,
        cod_amount -> BigInt,
        product -> Text,
        quantity -> BigInt,
        note -> Nullable<Text>,
        can_open -> Bool,
        can_try -> Bool,
        fragile -> Bool,
        kind -> Text,
        original_parcel_id -> Nullable<BigInt>,
        item_to_collect -> Nullable<Text>,
        delivery_fee -> BigInt,
        return_fee -> BigInt,
        refusal_fee -> BigInt,
        status -> Text,
        attempts -> BigInt,
        postponed_to -> Nullable<Date>,
        delivery_person_id -> Nullable<BigInt>,
        address_change_pending -> Bool,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        status_changed_at -> Timestamp,
        outcome -> Nullable<Text>,
        commission -> Nullable<BigInt>,
        outcome_at -> Nullable<Timestamp>,
        merchant_completed_invoice_id -> Nullable<BigInt>,
        merchant_returned_invoice_id -> Nullable<BigInt>,
        delivery_person_invoice_id -> Nullable<BigInt>,
        has_stock_lines -> Bool,
        cash_received -> Bool,
        confirmation_fee -> BigInt,
    }
}

diesel::table! {
    confirmation_queue (parcel_id) {
        parcel_id -> BigInt,
        merchant_id -> BigInt,
        tries -> BigInt,
        due_at -> Timestamp,
        agent_id -> Nullable<BigInt>,
        leased_until -> Nullable<Timestamp>,
        queued_at -> Timestamp,
        closed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    confirmation_attempts (id) {
        id -> BigInt,
        parcel_id -> BigInt,
        merchant_id -> BigInt,
        agent_id -> BigInt,
        outcome -> Text,
        comment -> Nullable<Text>,
        retry_at -> Nullable<Timestamp>,
        queued_at -> Timestamp,
        at -> Timestamp,
    }
}

diesel::table! {
    parcel_decisions (id) {
        id -> BigInt,
        parcel_id -> BigInt,
        merchant_id -> BigInt,
        outcome -> Text,
        opened_at -> Timestamp,
        due_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
        source -> Nullable<Text>,
        decided_by -> Nullable<BigInt>,
        action -> Nullable<Text>,
        date -> Nullable<Date>,
        comment -> Nullable<Text>,
    }
}

diesel::table! {
    recipient_history_entries (id) {
        id -> BigInt,
        phone -> Text,
        delivered -> BigInt,
        failed -> BigInt,
        unreached -> BigInt,
        at -> Timestamp,
    }
}

diesel::table! {
    parcel_states (id) {
        id -> BigInt,
        parcel_id -> BigInt,
        status -> Text,
        comment -> Nullable<Text>,
        date -> Nullable<Date>,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        note_code -> Nullable<Text>,
        note_values -> Nullable<Text>,
        received_at -> Nullable<Timestamp>,
        latitude_e6 -> Nullable<BigInt>,
        longitude_e6 -> Nullable<BigInt>,
        accuracy_m -> Nullable<BigInt>,
        called -> Nullable<Bool>,
        no_call_reason -> Nullable<Text>,
    }
}

diesel::table! {
    parcel_calls (id) {
        id -> BigInt,
        parcel_id -> BigInt,
        user_id -> BigInt,
        started_at -> Timestamp,
        duration_seconds -> Nullable<Integer>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    unapplied_outcomes (id) {
        id -> BigInt,
        key -> Text,
        parcel_id -> BigInt,
        delivery_person_id -> BigInt,
        status -> Text,
        comment -> Nullable<Text>,
        date -> Nullable<Date>,
        had_proof -> Bool,
        recorded_at -> Timestamp,
        received_at -> Timestamp,
        reason -> Text,
        cash_at_stake -> BigInt,
        state -> Text,
        resolution -> Nullable<Text>,
        resolution_comment -> Nullable<Text>,
        resolved_by -> Nullable<BigInt>,
        resolved_at -> Nullable<Timestamp>,
        seen_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    delivery_proofs (id) {
        id -> BigInt,
        key -> Text,
        parcel_id -> BigInt,
        recorded_by -> Nullable<BigInt>,
        status -> Text,
        signature_sha256 -> Nullable<Text>,
        signature_type -> Nullable<Text>,
        signature_bytes -> Nullable<BigInt>,
        photo_sha256 -> Nullable<Text>,
        photo_type -> Nullable<Text>,
        photo_bytes -> Nullable<BigInt>,
        signed_by -> Nullable<Text>,
        latitude_e6 -> Nullable<BigInt>,
        longitude_e6 -> Nullable<BigInt>,
        accuracy_m -> Nullable<BigInt>,
        recorded_at -> Timestamp,
        created_at -> Timestamp,
    }
}

diesel::table! {
    vouchers (id) {
        id -> BigInt,
        key -> Text,
        kind -> Text,
        status -> Text,
        merchant_id -> Nullable<BigInt>,
        shop_id -> Nullable<BigInt>,
        delivery_person_id -> Nullable<BigInt>,
        created_by -> Nullable<BigInt>,
        received_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        received_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    voucher_parcels (voucher_id, parcel_id) {
        voucher_id -> BigInt,
        parcel_id -> BigInt,
        kind -> Text,
        open -> Bool,
        removed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        key -> Text,
        kind -> Text,
        status -> Text,
        number -> Nullable<Text>,
        merchant_id -> Nullable<BigInt>,
        shop_id -> Nullable<BigInt>,
        delivery_person_id -> Nullable<BigInt>,
        parcels_count -> BigInt,
        cod_total -> BigInt,
        fees_total -> BigInt,
        total -> BigInt,
        counted_amount -> Nullable<BigInt>,
        payment_reference -> Nullable<Text>,
        paid_on -> Nullable<Date>,
        created_by -> Nullable<BigInt>,
        counted_by -> Nullable<BigInt>,
        validated_by -> Nullable<BigInt>,
        paid_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        counted_at -> Nullable<Timestamp>,
        validated_at -> Nullable<Timestamp>,
        paid_at -> Nullable<Timestamp>,
        carried_balance -> BigInt,
        bank_account -> Nullable<Text>,
        merchant_ice -> Nullable<Text>,
        issuer -> Nullable<Text>,
        payment_method -> Nullable<Text>,
        tva_rate -> Nullable<BigInt>,
        tva_exemption -> Nullable<Text>,
        fees_ht -> Nullable<BigInt>,
        tva_amount -> Nullable<BigInt>,
        paid_bank_account -> Nullable<Text>,
    }
}

diesel::table! {
    shop_bank_account_changes (id) {
        id -> BigInt,
        key -> Text,
        shop_id -> BigInt,
        old_bank_account -> Nullable<Text>,
        new_bank_account -> Text,
        status -> Text,
        comment -> Nullable<Text>,
        requested_by -> Nullable<BigInt>,
        decided_by -> Nullable<BigInt>,
        requested_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
        certificate_sha256 -> Nullable<Text>,
        certificate_type -> Nullable<Text>,
        certificate_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    invoice_numbers (prefix, year) {
        prefix -> Text,
        year -> BigInt,
        last_number -> BigInt,
    }
}

diesel::table! {
    tickets (id) {
        id -> BigInt,
        key -> Text,
        code -> Text,
        merchant_id -> BigInt,
        opened_by -> Nullable<BigInt>,
        subject -> Text,
        category -> Text,
        status -> Text,
        parcel_id -> Nullable<BigInt>,
        merchant_unread -> Bool,
        admin_unread -> Bool,
        messages_count -> BigInt,
        active_at -> Timestamp,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    ticket_messages (id) {
        id -> BigInt,
        key -> Text,
        ticket_id -> BigInt,
        author_id -> Nullable<BigInt>,
        side -> Text,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    announcements (id) {
        id -> BigInt,
        key -> Text,
        title -> Text,
        body -> Text,
        audience -> Text,
        starts_on -> Nullable<Date>,
        ends_on -> Nullable<Date>,
        author_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    guides (id) {
        id -> BigInt,
        key -> Text,
        title -> Text,
        body -> Text,
        audience -> Text,
        author_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    inventory_merchants (id) {
        id -> BigInt,
        merchant_id -> BigInt,
        status -> Text,
        decided_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    inventories (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        sku -> Text,
        name -> Text,
        alert_threshold -> Nullable<BigInt>,
        on_hand -> BigInt,
        reserved -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    inventory_entry_slips (id) {
        id -> BigInt,
        key -> Text,
        code -> Text,
        merchant_id -> BigInt,
        author_id -> Nullable<BigInt>,
        comment -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    inventory_movements (id) {
        id -> BigInt,
        key -> Text,
        code -> Text,
        inventory_id -> BigInt,
        kind -> Text,
        state -> Text,
        quantity -> BigInt,
        received_quantity -> Nullable<BigInt>,
        comment -> Nullable<Text>,
        parcel_id -> Nullable<BigInt>,
        entry_slip_id -> Nullable<BigInt>,
        author_id -> Nullable<BigInt>,
        decided_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        decided_at -> Nullable<Timestamp>,
        decision_comment -> Nullable<Text>,
    }
}

diesel::table! {
    parcel_stock_lines (id) {
        id -> BigInt,
        parcel_id -> BigInt,
        inventory_id -> BigInt,
        quantity -> BigInt,
        state -> Text,
    }
}

diesel::table! {
    delivery_person_balance_entries (id) {
        id -> BigInt,
        key -> Text,
        delivery_person_id -> BigInt,
        seq -> BigInt,
        kind -> Text,
        amount -> BigInt,
        invoice_id -> Nullable<BigInt>,
        reference -> Nullable<Text>,
        comment -> Nullable<Text>,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    merchant_balance_entries (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        seq -> BigInt,
        kind -> Text,
        amount -> BigInt,
        invoice_id -> Nullable<BigInt>,
        reference -> Nullable<Text>,
        comment -> Nullable<Text>,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    idempotency_keys (id) {
        id -> BigInt,
        user_id -> BigInt,
        key -> Text,
        request_hash -> Text,
        status_code -> Nullable<Integer>,
        content_type -> Nullable<Text>,
        body -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    webhook_endpoints (id) {
        id -> BigInt,
        key -> Text,
        merchant_id -> BigInt,
        url -> Text,
        events -> Text,
        secret -> Text,
        active -> Bool,
        paused_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        key -> Text,
        endpoint_id -> BigInt,
        event_id -> Text,
        event_type -> Text,
        body -> Text,
        subject_key -> Nullable<Text>,
        status -> Text,
        attempts -> Integer,
        last_status_code -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        last_response -> Nullable<Text>,
        last_latency_ms -> Nullable<Integer>,
        last_attempt_at -> Nullable<Timestamp>,
        next_attempt_at -> Timestamp,
        give_up_at -> Timestamp,
        leased_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    webhook_delivery_attempts (id) {
        id -> BigInt,
        delivery_id -> BigInt,
        attempted_at -> Timestamp,
        status_code -> Nullable<Integer>,
        error -> Nullable<Text>,
        response -> Nullable<Text>,
        latency_ms -> Integer,
    }
}

diesel::table! {
    outbound_messages (id) {
        id -> BigInt,
        key -> Text,
        channel -> Text,
        kind -> Text,
        recipient -> Text,
        user_id -> Nullable<BigInt>,
        language -> Text,
        subject -> Nullable<Text>,
        body_text -> Text,
        body_html -> Nullable<Text>,
        subject_key -> Nullable<Text>,
        status -> Text,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        next_attempt_at -> Timestamp,
        give_up_at -> Timestamp,
        leased_until -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    outbound_message_attempts (id) {
        id -> BigInt,
        message_id -> BigInt,
        attempted_at -> Timestamp,
        error -> Nullable<Text>,
        latency_ms -> Integer,
    }
}

diesel::table! {
    password_tokens (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        purpose -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    notice_opt_outs (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::table! {
    recipient_opt_outs (phone) {
        phone -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(outbound_message_attempts -> outbound_messages (message_id));
diesel::joinable!(password_tokens -> users (user_id));
diesel::joinable!(delivery_proofs -> parcels (parcel_id));
diesel::joinable!(confirmation_queue -> parcels (parcel_id));
diesel::joinable!(parcel_decisions -> parcels (parcel_id));
diesel::joinable!(invoices -> shops (shop_id));
diesel::joinable!(parcels -> shops (shop_id));
diesel::joinable!(parcels -> cities (city_id));
diesel::joinable!(parcel_states -> parcels (parcel_id));
diesel::joinable!(parcel_calls -> parcels (parcel_id));
diesel::joinable!(personal_tokens -> users (user_id));
diesel::joinable!(activities -> users (user_id));
diesel::joinable!(shops -> users (merchant_id));
diesel::joinable!(shops -> cities (city_id));
diesel::joinable!(delivery_person_cities -> cities (city_id));
diesel::joinable!(delivery_person_cities -> users (delivery_person_id));
diesel::joinable!(merchant_costs -> cities (city_id));
diesel::joinable!(merchant_costs -> users (merchant_id));
diesel::joinable!(vouchers -> shops (shop_id));
diesel::joinable!(voucher_parcels -> vouchers (voucher_id));
diesel::joinable!(voucher_parcels -> parcels (parcel_id));
diesel::joinable!(ticket_messages -> tickets (ticket_id));
diesel::joinable!(tickets -> parcels (parcel_id));
diesel::joinable!(inventories -> users (merchant_id));
diesel::joinable!(inventory_merchants -> users (merchant_id));
diesel::joinable!(inventory_movements -> inventories (inventory_id));
diesel::joinable!(inventory_movements -> parcels (parcel_id));
diesel::joinable!(inventory_movements -> inventory_entry_slips (entry_slip_id));
diesel::joinable!(parcel_stock_lines -> parcels (parcel_id));
diesel::joinable!(parcel_stock_lines -> inventories (inventory_id));
diesel::joinable!(delivery_person_balance_entries -> invoices (invoice_id));
diesel::joinable!(merchant_balance_entries -> invoices (invoice_id));
diesel::joinable!(shop_bank_account_changes -> shops (shop_id));
diesel::joinable!(webhook_deliveries -> webhook_endpoints (endpoint_id));
diesel::joinable!(webhook_delivery_attempts -> webhook_deliveries (delivery_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    confirmation_queue,
    confirmation_attempts,
    parcel_decisions,
    parcel_calls,
    recipient_history_entries,
    unapplied_outcomes,
    delivery_proofs,
    sessions,
    sign_in_failures,
    personal_tokens,
    activities,
    settings,
    cities,
    shops,
    merchant_staff,
    delivery_person_cities,
    merchant_costs,
    parcels,
    parcel_states,
    vouchers,
    voucher_parcels,
    invoices,
    invoice_numbers,
    tickets,
    ticket_messages,
    announcements,
    guides,
    inventory_merchants,
    inventories,
    inventory_entry_slips,
    inventory_movements,
    parcel_stock_lines,
    delivery_person_balance_entries,
    merchant_balance_entries,
    shop_bank_account_changes,
    idempotency_keys,
    webhook_endpoints,
    webhook_deliveries,
    webhook_delivery_attempts,
    outbound_messages,
    outbound_message_attempts,
    password_tokens,
    notice_opt_outs,
    recipient_opt_outs
);
