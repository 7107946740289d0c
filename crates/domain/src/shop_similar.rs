//! Shop similar (spec 002 §2, §4): in-stock products of the same kind and audience as an ordered item,
//! ranked by closeness (colour, price, popularity), never the item itself.

/// What a product is, read from its category text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductKind {
    Shoes,
    Tops,
    Jackets,
    Bottoms,
    Accessories,
}

/// Whom a product is made for, read from its category text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Men,
    Women,
    Kids,
    Everyone,
}

impl ProductKind {
    pub fn of_category(category: &str) -> Self {
        let text = category.to_lowercase();
        let has = |words: &[&str]| words.iter().any(|word| text.contains(word));
        if has(&["shoe", "slide", "sneaker", "boot", "cleat"]) {
            Self::Shoes
        } else if has(&["hoodie", "jacket", "sweatshirt", "crew", "fleece", "vest", "coat"]) {
            Self::Jackets
        } else if has(&["short", "pant", "legging", "tight", "jogger", "skirt"]) {
            Self::Bottoms
        } else if has(&["tee", "top", "tank", "shirt", "bra", "jersey", "polo"]) {
            Self::Tops
        } else {
            Self::Accessories
        }
    }
}

impl Audience {
    pub fn of_category(category: &str) -> Self {
        let text = category.to_lowercase();
        if text.starts_with("men's") || text.starts_with("mens ") {
            Self::Men
        } else if text.starts_with("women's") || text.starts_with("womens ") {
            Self::Women
        } else if text.contains("kids") || text.contains("junior") || text.contains("youth") {
            Self::Kids
        } else {
            Self::Everyone
        }
    }

    /// A product for everyone suits any audience; otherwise the audiences must agree.
    pub fn suits(self, other: Self) -> bool {
        self == other || self == Self::Everyone || other == Self::Everyone
    }
}

/// A product as the ranking sees it.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    pub style_color: &'a str,
    pub category: &'a str,
    /// "Black/White": colour words separated by '/' or spaces.
    pub color: &'a str,
    /// In the shopper's currency, minor units; `None` when it has no price there.
    pub price: Option<i64>,
    /// Higher is more popular (units sold, for example).
    pub popularity: i64,
    pub in_stock: bool,
}

fn color_words(color: &str) -> Vec<String> {
    color.split(['/', ' ', '-']).filter(|word| !word.is_empty()).map(str::to_lowercase).collect()
}

/// Closeness of `candidate` to `item`: higher is closer. Colour counts most, then price, then popularity.
pub fn closeness(item: &Candidate<'_>, candidate: &Candidate<'_>, max_popularity: i64) -> f64 {
    let item_colors = color_words(item.color);
    let candidate_colors = color_words(candidate.color);
    let same_main_color = !item_colors.is_empty() && item_colors.first() == candidate_colors.first();
    let shared = candidate_colors.iter().filter(|word| item_colors.contains(word)).count();
    let color_score = if same_main_color { 3.0 } else { 0.0 } + shared as f64;
    let price_score = match (item.price, candidate.price) {
        (Some(a), Some(b)) if a > 0 => 2.0 * (1.0 - ((a - b).abs() as f64 / a as f64).min(1.0)),
        _ => 0.0,
    };
    let popularity_score = if max_popularity > 0 { candidate.popularity as f64 / max_popularity as f64 } else { 0.0 };
    color_score + price_score + popularity_score
}

/// The candidates similar to `item`, closest first, at most `limit`; `exclude` (the ordered items
/// themselves) never appear. Ties keep a stable order by style colour.
pub fn rank<'a>(
    item: &Candidate<'_>,
    candidates: &[Candidate<'a>],
    exclude: &[&str],
    limit: usize,
) -> Vec<Candidate<'a>> {
    let kind = ProductKind::of_category(item.category);
    let audience = Audience::of_category(item.category);
    let max_popularity = candidates.iter().map(|c| c.popularity).max().unwrap_or(0);
    let mut eligible: Vec<(f64, &Candidate<'a>)> = candidates
        .iter()
        .filter(|c| c.in_stock && !exclude.contains(&c.style_color))
        .filter(|c| ProductKind::of_category(c.category) == kind)
        .filter(|c| Audience::of_category(c.category).suits(audience))
        .map(|c| (closeness(item, c, max_popularity), c))
        .collect();
    eligible.sort_by(|(a, left), (b, right)| b.total_cmp(a).then_with(|| left.style_color.cmp(right.style_color)));
    eligible.into_iter().take(limit).map(|(_, c)| c.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product<'a>(style_color: &'a str, category: &'a str, color: &'a str, price: i64) -> Candidate<'a> {
        Candidate { style_color, category, color, price: Some(price), popularity: 1, in_stock: true }
    }

    #[test]
    fn kinds_and_audiences_are_read_from_the_category() {
        assert_eq!(ProductKind::of_category("Men's Road Running Shoes"), ProductKind::Shoes);
        assert_eq!(ProductKind::of_category("Men's Full-Zip Hoodie"), ProductKind::Jackets);
        assert_eq!(ProductKind::of_category("Women's Training Tank"), ProductKind::Tops);
        assert_eq!(ProductKind::of_category("Women's High-Waisted Leggings"), ProductKind::Bottoms);
        assert_eq!(ProductKind::of_category("Backpack"), ProductKind::Accessories);
        assert_eq!(Audience::of_category("Women's Shoes"), Audience::Women);
        assert_eq!(Audience::of_category("Older Kids' Shoes"), Audience::Kids);
        assert_eq!(Audience::of_category("Slides"), Audience::Everyone);
    }

    #[test]
    fn similar_products_share_kind_and_audience_and_never_include_the_item() {
        let item = product("SR4-001", "Men's Road Running Shoes", "Black/White", 13000);
        let candidates = [
            product("SR4-001", "Men's Road Running Shoes", "Black/White", 13000),
            product("TPG-001", "Men's Trail Running Shoes", "Black/Orange", 16000),
            product("SW4-001", "Women's Road Running Shoes", "Black/White", 13000),
            product("DTT-001", "Men's Short-Sleeve Training Top", "Black", 3500),
            product("CLS-001", "Slides", "Grey Fog", 3500),
        ];
        let ranked: Vec<&str> = rank(&item, &candidates, &["SR4-001"], 10).iter().map(|c| c.style_color).collect();
        assert_eq!(ranked, ["TPG-001", "CLS-001"]);
    }

    #[test]
    fn closer_colour_and_price_rank_first_and_out_of_stock_is_left_out() {
        let item = product("SR4-001", "Men's Shoes", "Black/White", 10000);
        let mut sold_out = product("HE2-009", "Men's Shoes", "Black/White", 10000);
        sold_out.in_stock = false;
        let candidates = [
            product("CCL-001", "Men's Shoes", "White/Green", 9500),
            product("HE2-001", "Men's Shoes", "Black/Red", 15000),
            product("HE2-002", "Men's Shoes", "Black/White", 10500),
            sold_out,
        ];
        let ranked: Vec<&str> = rank(&item, &candidates, &[], 10).iter().map(|c| c.style_color).collect();
        assert_eq!(ranked, ["HE2-002", "HE2-001", "CCL-001"]);
    }
}
