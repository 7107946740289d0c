//! Order groups: one per shipment and simple status, in the spec's shipment display order
//! (000 section 4, "Shipment display order").

use crate::SimpleStatus;

/// Rank in the shipment display order, lowest first:
/// shipped with a shipment number; delivered with a shipment number; shipped; ordered; delivered;
/// returnCreated; returnInProcess; returnCompleted; returnDenied; cancelled; everything else.
pub fn display_rank(status: SimpleStatus, has_shipment_number: bool) -> u8 {
    use SimpleStatus::*;
    match (status, has_shipment_number) {
        (Shipped, true) => 0,
        (Delivered, true) => 1,
        (Shipped, false) => 2,
        (Ordered | PaymentPending, _) => 3,
        (Delivered, false) => 4,
        (ReturnCreated, _) => 5,
        (ReturnInProcess, _) => 6,
        (ReturnCompleted, _) => 7,
        (ReturnDenied, _) => 8,
        (Cancelled, _) => 9,
        _ => 10,
    }
}

/// What grouping needs to know of a line.
#[derive(Debug, Clone, Copy)]
pub struct LineKey<'a> {
    pub status: SimpleStatus,
    pub shipment_number: Option<&'a str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group<'a> {
    pub status: SimpleStatus,
    pub shipment_number: Option<&'a str>,
    /// Indexes into the lines given to `group_lines`, in their original order.
    pub lines: Vec<usize>,
}

/// Groups lines by (shipment number, simple status) and orders the groups for display.
/// Ties keep the order in which their first line appears.
pub fn group_lines<'a>(lines: &[LineKey<'a>]) -> Vec<Group<'a>> {
    let mut groups: Vec<Group<'a>> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let shipment = line.shipment_number.filter(|number| !number.is_empty());
        match groups.iter_mut().find(|group| group.status == line.status && group.shipment_number == shipment) {
            Some(group) => group.lines.push(index),
            None => groups.push(Group { status: line.status, shipment_number: shipment, lines: vec![index] }),
        }
    }
    // A stable sort keeps first-appearance order among equal ranks.
    groups.sort_by_key(|group| display_rank(group.status, group.shipment_number.is_some()));
    groups
}

#[cfg(test)]
mod tests {
    use super::SimpleStatus::*;
    use super::*;

    fn key(status: SimpleStatus, shipment: Option<&str>) -> LineKey<'_> {
        LineKey { status, shipment_number: shipment }
    }

    #[test]
    fn groups_follow_the_shipment_display_order() {
        let lines = [
            key(Unknown, None),
            key(Cancelled, None),
            key(ReturnDenied, None),
            key(ReturnCompleted, None),
            key(ReturnInProcess, None),
            key(ReturnCreated, None),
            key(Delivered, None),
            key(Ordered, None),
            key(Shipped, None),
            key(Delivered, Some("S2")),
            key(Shipped, Some("S1")),
        ];
        let order: Vec<_> = group_lines(&lines).iter().map(|g| (g.status, g.shipment_number)).collect();
        assert_eq!(
            order,
            vec![
                (Shipped, Some("S1")),
                (Delivered, Some("S2")),
                (Shipped, None),
                (Ordered, None),
                (Delivered, None),
                (ReturnCreated, None),
                (ReturnInProcess, None),
                (ReturnCompleted, None),
                (ReturnDenied, None),
                (Cancelled, None),
                (Unknown, None),
            ]
        );
    }

    #[test]
    fn lines_of_one_shipment_and_status_share_a_group() {
        let lines = [key(Shipped, Some("S1")), key(Shipped, Some("S2")), key(Shipped, Some("S1"))];
        let groups = group_lines(&lines);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].lines, vec![0, 2]);
        assert_eq!(groups[1].lines, vec![1]);
    }

    #[test]
    fn one_shipment_with_two_statuses_makes_two_groups() {
        let lines = [key(Delivered, Some("S1")), key(ReturnCreated, Some("S1"))];
        let groups = group_lines(&lines);
        assert_eq!(groups.iter().map(|g| g.status).collect::<Vec<_>>(), vec![Delivered, ReturnCreated]);
    }

    #[test]
    fn an_empty_shipment_number_counts_as_none() {
        let groups = group_lines(&[key(Shipped, Some("")), key(Shipped, None)]);
        assert_eq!(groups.len(), 1);
        assert_eq!(display_rank(groups[0].status, groups[0].shipment_number.is_some()), 2);
    }
}
