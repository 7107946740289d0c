//! Catalogue SQL: one writer for a product with its sizes and prices, and the reads shop similar and the
//! bag need.

use sqlx::Row;

use crate::db::Db;
use crate::error::AppResult;

pub struct ProductRecord {
    pub style_color: String,
    pub product_id: String,
    pub title: String,
    pub subtitle: String,
    pub category: String,
    pub color: String,
    pub image_url: String,
    pub slug: String,
    pub popularity: i64,
    pub in_stock: bool,
}

pub struct SkuRecord {
    pub sku_id: String,
    pub size: String,
    pub in_stock: bool,
}

pub struct PriceRecord {
    pub currency: String,
    pub price: i64,
    pub msrp: i64,
}

/// Creates or replaces a product with its sizes and prices, in one transaction. True when it was new.
pub async fn upsert_product(
    db: &Db,
    product: &ProductRecord,
    skus: &[SkuRecord],
    prices: &[PriceRecord],
    now_ms: i64,
) -> AppResult<bool> {
    let mut tx = db.begin_write().await?;
    let existed = sqlx::query("DELETE FROM products WHERE style_color = $1")
        .bind(&product.style_color)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        > 0;
    // ON DELETE CASCADE is not relied on: SQLite enforces it only with foreign keys on, which we set, but
    // explicit deletes keep the writer obvious.
    sqlx::query("DELETE FROM product_skus WHERE style_color = $1").bind(&product.style_color).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM product_prices WHERE style_color = $1")
        .bind(&product.style_color)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO products (style_color, product_id, title, subtitle, category, color, image_url, slug, popularity, \
         in_stock, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&product.style_color)
    .bind(&product.product_id)
    .bind(&product.title)
    .bind(&product.subtitle)
    .bind(&product.category)
    .bind(&product.color)
    .bind(&product.image_url)
    .bind(&product.slug)
    .bind(product.popularity)
    .bind(i64::from(product.in_stock))
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    for sku in skus {
        sqlx::query("INSERT INTO product_skus (sku_id, style_color, size, in_stock) VALUES ($1, $2, $3, $4)")
            .bind(&sku.sku_id)
            .bind(&product.style_color)
            .bind(&sku.size)
            .bind(i64::from(sku.in_stock))
            .execute(&mut *tx)
            .await?;
    }
    for price in prices {
        sqlx::query("INSERT INTO product_prices (style_color, currency, price, msrp) VALUES ($1, $2, $3, $4)")
            .bind(&product.style_color)
            .bind(&price.currency)
            .bind(price.price)
            .bind(price.msrp)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(!existed)
}

fn product_from_row(row: &sqlx::any::AnyRow) -> Result<ProductRecord, sqlx::Error> {
    Ok(ProductRecord {
        style_color: row.try_get("style_color")?,
        product_id: row.try_get("product_id")?,
        title: row.try_get("title")?,
        subtitle: row.try_get("subtitle")?,
        category: row.try_get("category")?,
        color: row.try_get("color")?,
        image_url: row.try_get("image_url")?,
        slug: row.try_get("slug")?,
        popularity: row.try_get("popularity")?,
        in_stock: row.try_get::<i64, _>("in_stock")? != 0,
    })
}

const PRODUCT_COLUMNS: &str = "p.style_color, p.product_id, p.title, p.subtitle, p.category, p.color, p.image_url, p.slug, p.popularity, p.in_stock";

pub async fn find_products(db: &Db, style_colors: &[String]) -> AppResult<Vec<ProductRecord>> {
    let mut found = Vec::with_capacity(style_colors.len());
    for style_color in style_colors {
        let sql = format!("SELECT {PRODUCT_COLUMNS} FROM products p WHERE p.style_color = $1");
        if let Some(row) = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(style_color).fetch_optional(&db.pool).await? {
            found.push(product_from_row(&row)?);
        }
    }
    Ok(found)
}

/// Every in-stock product, with its price in `currency` when it has one (the catalogue is small enough to
/// rank in memory: a store's assortment, not its order history).
pub async fn in_stock_with_prices(db: &Db, currency: &str) -> AppResult<Vec<(ProductRecord, Option<i64>)>> {
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS}, pp.price FROM products p \
         LEFT JOIN product_prices pp ON pp.style_color = p.style_color AND pp.currency = $1 \
         WHERE p.in_stock = 1 ORDER BY p.style_color"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(currency).fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| Ok((product_from_row(row)?, row.try_get::<Option<i64>, _>("price")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(Into::into)
}

/// A sku with its product, size, stock and price in `currency`.
pub struct SkuOffer {
    pub sku_id: String,
    pub size: String,
    pub in_stock: bool,
    pub product: ProductRecord,
    pub price: Option<(i64, i64)>,
}

pub async fn find_sku_offer(db: &Db, sku_id: &str, currency: &str) -> AppResult<Option<SkuOffer>> {
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS}, s.sku_id, s.size, s.in_stock AS sku_in_stock, pp.price, pp.msrp \
         FROM product_skus s JOIN products p ON p.style_color = s.style_color \
         LEFT JOIN product_prices pp ON pp.style_color = s.style_color AND pp.currency = $2 \
         WHERE s.sku_id = $1"
    );
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(sku_id).bind(currency).fetch_optional(&db.pool).await?
    else {
        return Ok(None);
    };
    let price: Option<i64> = row.try_get("price")?;
    let msrp: Option<i64> = row.try_get("msrp")?;
    Ok(Some(SkuOffer {
        sku_id: row.try_get("sku_id")?,
        size: row.try_get("size")?,
        in_stock: row.try_get::<i64, _>("sku_in_stock")? != 0,
        product: product_from_row(&row)?,
        price: price.zip(msrp),
    }))
}
