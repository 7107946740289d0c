use super::*;

fn table() -> CountryTable {
    match CountryTable::embedded() {
        Ok(table) => table,
        Err(error) => panic!("the shipped country data does not load: {error}"),
    }
}

const SOURCES: Sources<'static> = Sources {
    countries: include_str!("../../../../data/countries/countries.json"),
    help: include_str!("../../../../data/countries/help.json"),
    phones: include_str!("../../../../data/countries/phones.json"),
    formats: include_str!("../../../../data/countries/formats.json"),
    regions: include_str!("../../../../data/countries/regions.json"),
};

/// Loads the shipped files with one of them edited through its JSON value.
fn load_with(file: &str, edit: impl FnOnce(&mut serde_json::Value)) -> Result<CountryTable, DataError> {
    let text = match file {
        COUNTRIES_FILE => SOURCES.countries,
        HELP_FILE => SOURCES.help,
        PHONES_FILE => SOURCES.phones,
        FORMATS_FILE => SOURCES.formats,
        _ => SOURCES.regions,
    };
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    edit(&mut value);
    let edited = value.to_string();
    let mut sources = SOURCES;
    match file {
        COUNTRIES_FILE => sources.countries = &edited,
        HELP_FILE => sources.help = &edited,
        PHONES_FILE => sources.phones = &edited,
        FORMATS_FILE => sources.formats = &edited,
        _ => sources.regions = &edited,
    }
    CountryTable::load(&sources)
}

fn refused(file: &str, edit: impl FnOnce(&mut serde_json::Value)) -> DataError {
    match load_with(file, edit) {
        Ok(_) => panic!("an edited {file} was accepted"),
        Err(error) => error,
    }
}

#[test]
fn at_least_55_countries_and_every_one_resolves_its_settings() {
    let table = table();
    assert!(table.countries.len() >= 55, "{} countries", table.countries.len());
    for (code, country) in &table.countries {
        let resolved = table.resolve(&code.to_ascii_uppercase());
        assert_eq!(&resolved.code, code);
        assert!(table.date_formats(resolved).is_some(), "{code} has no date formats");
        assert!(resolved.lang_code.ends_with(&code.to_ascii_uppercase()), "{code}");
        assert!(!country.languages.is_empty());
        for flag in Flag::ALL {
            // Every flag has a value in every country (the default or the country's own).
            let _ = resolved.flag(flag);
        }
        assert!(table.help_link(Article::HowToReturn, code, resolved.default_language()).starts_with("https://"));
    }
}

#[test]
fn unknown_countries_resolve_to_the_default_country() {
    let table = table();
    assert_eq!(table.resolve("zz").code, "us");
    assert_eq!(table.resolve("").code, "us");
    assert_eq!(table.resolve("../etc").code, "us");
    assert_eq!(table.resolve("GB").code, "gb");
    // Any case and surrounding blanks: the lower-case code is looked up without a copy, the others with one.
    for code in ["gb", "Gb", " gb ", "GB\n"] {
        assert_eq!(table.resolve(code).code, "gb", "{code:?}");
        assert!(table.knows(code), "{code:?}");
    }
    assert!(!table.knows("zz"));
}

#[test]
fn twelve_hour_clock_exactly_in_the_five_countries() {
    let table = table();
    let twelve: Vec<&str> =
        table.countries.values().filter(|country| country.hour12).map(|country| country.code.as_str()).collect();
    assert_eq!(twelve, ["au", "ca", "in", "mx", "us"]);
}

#[test]
fn every_help_link_is_a_well_formed_https_url() {
    let table = table();
    let mut links = vec![table.generic_help_url()];
    for map in [&table.change_or_cancel_order, &table.how_to_return] {
        for variants in map.values() {
            links.extend(variants.values().map(|path| table.help_url(path)));
        }
    }
    for country in table.countries.values() {
        links.extend(country.contact.iter().chain(&country.returns_policy).map(|path| table.help_url(path)));
    }
    assert!(links.len() > 110);
    for link in links {
        let rest = link.strip_prefix("https://").unwrap_or_else(|| panic!("{link} is not https"));
        let (host, path) = rest.split_once('/').unwrap_or_else(|| panic!("{link} has no path"));
        assert!(host.contains('.') && !host.contains(' '), "{link}");
        assert!(!path.contains("//") && !path.contains(' ') && !path.contains(".."), "{link}");
    }
}

#[test]
fn help_maps_cover_every_country_in_every_language() {
    let table = table();
    for (code, country) in &table.countries {
        for map in [&table.change_or_cancel_order, &table.how_to_return] {
            let variants = map.get(code).unwrap_or_else(|| panic!("{code} has no help article"));
            for language in &country.languages {
                assert!(variants.contains_key(language), "{code}/{language}");
            }
        }
    }
}

#[test]
fn a_missing_language_falls_back_to_the_default_language_and_a_missing_country_to_the_generic_page() {
    let table = table();
    let french = table.help_link(Article::HowToReturn, "ca", "fr");
    let english = table.help_link(Article::HowToReturn, "ca", "en");
    assert_ne!(french, english);
    assert!(french.contains("/ca/fr/"), "{french}");
    assert_eq!(table.help_link(Article::HowToReturn, "ca", "ja"), english);
    let mut without_japan = table.clone();
    without_japan.change_or_cancel_order.remove("jp");
    assert_eq!(without_japan.help_link(Article::ChangeOrCancelOrder, "jp", "ja"), table.generic_help_url());
}

#[test]
fn help_phones_for_at_least_50_countries_are_e164() {
    let table = table();
    assert!(table.phones.len() >= 50, "{} phones", table.phones.len());
    for (code, number) in &table.phones {
        assert!(is_e164(number), "{code}: {number}");
    }
    assert!(is_e164(&table.korea_returns_phone) && table.korea_returns_phone.starts_with("+82"));
    assert_ne!(table.phones.get("kr"), Some(&table.korea_returns_phone));
}

#[test]
fn e164_rule() {
    assert!(is_e164("+18005550100"));
    assert!(!is_e164("18005550100"));
    assert!(!is_e164("+0800123456"));
    assert!(!is_e164("+1 800 555 0100"));
    assert!(!is_e164("+1234567890123456"));
    assert!(!is_e164("+1234"));
}

#[test]
fn eu_list_and_special_handling_are_the_specs() {
    let table = table();
    let eu: Vec<&str> = table.eu.iter().map(String::as_str).collect();
    assert_eq!(
        eu,
        [
            "at", "be", "cz", "de", "dk", "es", "fi", "fr", "gb", "gr", "hu", "ie", "it", "lu", "nl", "pl", "pt", "se",
            "si"
        ]
    );
    let special: Vec<&str> = table.special_handling.keys().map(String::as_str).collect();
    assert_eq!(special, ["be", "cn", "es", "fr", "jp", "kr", "nl", "pl", "us"]);
    assert!(table.is_eu("DE") && !table.is_eu("us"));
}

#[test]
fn australia_has_gst_and_tax_inclusive_prices_and_the_us_adds_tax() {
    let table = table();
    let au = table.resolve("au");
    assert!(au.tax_inclusive && au.flag(Flag::IsAustralia));
    assert_eq!(au.tax, Some(Tax { name: "GST".to_owned(), rate_basis_points: 1000 }));
    assert!(!table.resolve("us").tax_inclusive);
    assert!(!table.resolve("us").flag(Flag::IsAustralia));
    assert!(table.resolve("kr").flag(Flag::EnableCourierPickup));
    assert!(!table.resolve("gb").flag(Flag::EnableCourierPickup));
}

#[test]
fn a_bad_file_is_refused_naming_the_file_and_the_field() {
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["us"]["currency"] = "DOLLARS".into());
    assert_eq!((error.file.as_str(), error.field.as_str()), (COUNTRIES_FILE, "countries.us.currency"));
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["de"]["timeZone"] = "Europe/Berlinn".into());
    assert_eq!(error.field, "countries.de.timeZone");
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["fr"]["wave"] = 5.into());
    assert_eq!(error.field, "countries.fr.wave");
    let error = refused(COUNTRIES_FILE, |value| {
        value["countries"]["jp"]["flags"] = serde_json::json!({"enableTeleport": true})
    });
    assert_eq!(error.field, "countries.jp.flags.enableTeleport");
    // A type error and an unknown field are named by their path too.
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["gb"]["hour12"] = "no".into());
    assert_eq!(error.field, "countries.gb.hour12");
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["gb"]["colour"] = "red".into());
    assert_eq!(error.field, "countries.gb.colour");
    assert!(error.message.contains("colour"), "{error}");
    let error = refused(COUNTRIES_FILE, |value| value["defaultCountry"] = "zz".into());
    assert_eq!(error.field, "defaultCountry");
    let error = refused(PHONES_FILE, |value| value["help"]["gb"] = "0800 056 1640".into());
    assert_eq!((error.file.as_str(), error.field.as_str()), (PHONES_FILE, "help.gb"));
    let error = refused(HELP_FILE, |value| value["howToReturn"]["ca"]["fr"] = "javascript:alert(1)".into());
    assert_eq!((error.file.as_str(), error.field.as_str()), (HELP_FILE, "howToReturn.ca.fr"));
    let error = refused(HELP_FILE, |value| value["site"] = "http://help.example.com".into());
    assert_eq!(error.field, "site");
    let error = refused(FORMATS_FILE, |value| value["groups"]["1"]["long"]["month"] = "longest".into());
    assert_eq!((error.file.as_str(), error.field.as_str()), (FORMATS_FILE, "groups.1.long"));
    let error = refused(REGIONS_FILE, |value| value["eu"][0] = "xx".into());
    assert_eq!((error.file.as_str(), error.field.as_str()), (REGIONS_FILE, "eu[0]"));
    assert!(error.to_string().starts_with("data/countries/regions.json: eu[0]: "), "{error}");
    let broken = Sources { countries: "{", ..SOURCES };
    assert!(CountryTable::load(&broken).is_err_and(|error| error.file == COUNTRIES_FILE));
}

#[test]
fn a_deployment_can_point_help_links_at_its_own_site() {
    let table = table().with_help_site("https://help.shop.example/").unwrap_or_else(|error| panic!("{error}"));
    assert!(table.help_link(Article::HowToReturn, "de", "de").starts_with("https://help.shop.example/de/"));
    assert!(table.clone().with_help_site("ftp://x").is_err());
    assert!(table.with_help_site("https://help.example.com/path").is_err());
}

#[test]
fn every_country_has_its_calling_code_and_china_its_guest_lookup_rules() {
    let table = table();
    assert!(
        table.countries.values().all(|country| crate::contact::is_valid_country_calling_code(&country.calling_code))
    );
    assert_eq!(table.resolve("us").calling_code, "1");
    assert_eq!(table.resolve("kr").calling_code, "82");
    let china = table.resolve("cn");
    assert_eq!(china.calling_code, "86");
    assert!(china.guest_lookup.terms_required && china.guest_lookup.calling_code_fixed && china.reload_after_cancel);
    let us = table.resolve("us");
    assert!(!us.guest_lookup.terms_required && !us.guest_lookup.calling_code_fixed && !us.reload_after_cancel);
}

#[test]
fn a_calling_code_that_is_not_one_to_three_digits_is_refused() {
    let error = refused(COUNTRIES_FILE, |value| value["countries"]["us"]["callingCode"] = "+1".into());
    assert!(error.to_string().contains("callingCode"), "{error}");
}
