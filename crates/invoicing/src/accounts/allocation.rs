//! Which credit settled which debt on a merchant's account.
//!
//! A payment naming a returned-type invoice (paid at the counter) settles that invoice's debt;
//! every other credit (deductions, payments, write-offs) settles the debts still open in the
//! order they were posted, in the order the credits were recorded: first in, first out. A
//! read-side computation over one merchant's entries: nothing stored can drift from it.

use colivra_core::Centimes;

/// `amount` centimes of the debt at `debit` (an index into the entries) settled by the credit at
/// `credit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Allocation {
    pub debit: usize,
    pub credit: usize,
    pub amount: Centimes,
}

/// One entry as the allocation sees it: its signed amount (negative: a debt) and, for a credit
/// paying one debt, that debt's index.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Movement {
    pub amount: Centimes,
    pub pays: Option<usize>,
}

/// The allocations of entries given oldest first.
pub(crate) fn allocate(movements: &[Movement]) -> Vec<Allocation> {
    let mut left: Vec<Centimes> = movements.iter().map(|m| m.amount.abs()).collect();
    let mut allocations = Vec::new();
    let mut settle = |debit: usize, credit: usize, left: &mut Vec<Centimes>| {
        let amount = left[debit].min(left[credit]);
        if amount.is_positive() {
            allocations.push(Allocation {
                debit,
                credit,
                amount,
            });
            left[debit] -= amount;
            left[credit] -= amount;
        }
    };
    let is_debt = |i: usize| movements[i].amount.is_negative();
    // Payments naming their debt first.
    for (credit, movement) in movements.iter().enumerate() {
        if let Some(debit) = movement
            .pays
            .filter(|d| *d < movements.len() && is_debt(*d))
        {
            if movement.amount.is_positive() {
                settle(debit, credit, &mut left);
            }
        }
    }
    // Then the rest, oldest debt first.
    let debts: Vec<usize> = (0..movements.len()).filter(|i| is_debt(*i)).collect();
    let credits: Vec<usize> = (0..movements.len())
        .filter(|i| movements[*i].amount.is_positive())
        .collect();
    let mut next_debt = 0;
    for credit in credits {
        while left[credit].is_positive() && next_debt < debts.len() {
            settle(debts[next_debt], credit, &mut left);
            if left[debts[next_debt]].is_zero() {
                next_debt += 1;
            }
        }
    }
    allocations
}

/// What is still owed on the debt at `debit`.
pub(crate) fn outstanding(
    movements: &[Movement],
    allocations: &[Allocation],
    debit: usize,
) -> Centimes {
    -movements[debit].amount
        - allocations
            .iter()
            .filter(|a| a.debit == debit)
            .map(|a| a.amount)
            .sum::<Centimes>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(debit: usize, credit: usize, amount: i64) -> Allocation {
        Allocation {
            debit,
            credit,
            amount: Centimes::new(amount),
        }
    }

    fn plain(amounts: &[i64]) -> Vec<Movement> {
        amounts
            .iter()
            .map(|&amount| Movement {
                amount: Centimes::new(amount),
                pays: None,
            })
            .collect()
    }

    #[test]
    fn credits_settle_the_oldest_debts_first() {
        // 10 DH and 30 DH owed; a 25 DH deduction settles the first and half of the second; a
        // 15 DH payment the rest.
        let movements = plain(&[-1_000, -3_000, 2_500, 1_500]);
        let allocations = allocate(&movements);
        assert_eq!(
            allocations,
            vec![a(0, 2, 1_000), a(1, 2, 1_500), a(1, 3, 1_500)]
        );
        assert_eq!(outstanding(&movements, &allocations, 0), Centimes::ZERO);
        assert_eq!(outstanding(&movements, &allocations, 1), Centimes::ZERO);
    }

    #[test]
    fn a_debt_posted_after_a_credit_is_open_until_the_next() {
        let movements = plain(&[-1_000, 1_000, -2_000, 500]);
        let allocations = allocate(&movements);
        assert_eq!(allocations, vec![a(0, 1, 1_000), a(2, 3, 500)]);
        assert_eq!(
            outstanding(&movements, &allocations, 2),
            Centimes::new(1_500)
        );
        assert!(allocate(&[]).is_empty());
    }

    #[test]
    fn a_payment_naming_its_invoice_settles_that_one_first() {
        // 10 DH then 20 DH owed; the second paid at the counter; a later 10 DH deduction goes
        // to the first, still open.
        let mut movements = plain(&[-1_000, -2_000, 2_000, 1_000]);
        movements[2].pays = Some(1);
        let allocations = allocate(&movements);
        assert_eq!(allocations, vec![a(1, 2, 2_000), a(0, 3, 1_000)]);
        assert_eq!(outstanding(&movements, &allocations, 0), Centimes::ZERO);
    }
}
