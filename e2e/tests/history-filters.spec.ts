import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, shot, signIn } from "./fixtures";

// Issue 9: the demo member's history filtered by status on the server, and an order found by its number.
test("a member filters the history by status and finds an order by number", async ({
  page,
}) => {
  await signIn(page, "shopper@example.com");
  const rows = page.locator("main li.history-row");
  await expect(rows.first()).toBeVisible();
  const status = page.getByRole("combobox", { name: "Status" });
  const year = page.getByRole("combobox", { name: "Year" });
  // The years come from the server's orderYears: at least the current demo year.
  await expect(year.locator("option")).not.toHaveCount(1);

  await status.selectOption("delivered");
  await expect(page).toHaveURL(/\/orders\?status=delivered$/);
  await expect(rows.first()).toBeVisible();
  // Every listed order has a delivered or picked-up line (rows are lines; an order's lines sit together).
  const orderNumbers = await rows
    .locator(".history-row__meta span:nth-child(2)")
    .allInnerTexts();
  const statuses = await rows.locator(".status-text").allInnerTexts();
  const byOrder = new Map<string, string[]>();
  orderNumbers.forEach((number, index) => {
    byOrder.set(number, [
      ...(byOrder.get(number) ?? []),
      statuses[index] ?? "",
    ]);
  });
  for (const [number, lineStatuses] of byOrder) {
    expect(
      lineStatuses.some((text) => /Delivered|Picked up/.test(text)),
      `${number}: ${lineStatuses.join(", ")}`,
    ).toBe(true);
  }
  await expectNoAxeViolations(page, "filtered history");

  // Find one of them by its number typed in lower case (the demo numbers share their last digits).
  const wanted = (orderNumbers[0] ?? "").replace(/^Order /, "");
  expect(wanted).toMatch(/^[A-Z0-9]{6,}$/);
  const box = page.getByRole("searchbox", { name: "Find an order" });
  await box.fill(wanted.toLowerCase());
  await box.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`\\?status=delivered&q=${wanted.toLowerCase()}$`),
  );
  await expect
    .poll(
      async () =>
        new Set(
          await rows
            .locator(".history-row__meta span:nth-child(2)")
            .allInnerTexts(),
        ),
    )
    .toEqual(new Set([`Order ${wanted}`]));

  // Nothing matches: the no-match state, then Clear filters brings the whole history back.
  await box.fill("ZZZZ9999");
  await box.press("Enter");
  await expect(page.getByText("No orders match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(status).toHaveValue("");
  await expect(rows.first()).toBeVisible();

  // Back restores the filters from the URL.
  await page.goBack();
  await expect(page.getByText("No orders match")).toBeVisible();
  await expect(box).toHaveValue("ZZZZ9999");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/orders?status=inProgress");
  await expect(rows.first()).toBeVisible();
  const boxBottom = (await box.boundingBox())?.y ?? 0;
  const statusTop = (await status.boundingBox())?.y ?? 0;
  expect(statusTop, "the controls stack at 390 px").toBeGreaterThan(boxBottom);
  await shot(page, "history-filters-390");
  await expectNoAxeViolations(page, "filtered history at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, "history-filters-1440");
});
