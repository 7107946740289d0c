//! Whether a SQLite database in WAL mode changed, read from the header of its WAL index, as SQLite's own
//! readers learn it (docs/adr/0034-the-sqlite-change-probe-reads-the-wal-index.md).
//!
//! Every commit of any connection, in this process or another, rewrites the header of the WAL index (the
//! `-shm` file each process maps): its change counter `iChange` moves with every commit, and its frame
//! count and salts with every write and checkpoint. A reader that finds the header as it last saw it knows
//! that nothing was committed since; that is how SQLite itself decides at the start of a read transaction
//! whether its page cache is still good (`walIndexTryHdr` compares the whole header). `PRAGMA
//! data_version` answers the same question through a read transaction: the statement, the pager's shared
//! lock and two file-lock system calls, about 7% of a cached order read's time (docs/performance.md,
//! "The cached read, seventeenth session"). Here it is one read of 48 bytes of shared memory.
//!
//! The header is read where SQLite mapped it for the reading thread's own connection (the VFS's `xShmMap`
//! of region 0, asked through `SQLITE_FCNTL_FILE_POINTER`): no second mapping, no second descriptor of the
//! `-shm` file (closing one would drop this process's POSIX locks on it), and the mapping lives as long as
//! the connection that holds it, which also keeps the file from being truncated under it (the `-shm` file
//! is reset only by the first connection of the first process to open it).

use std::ffi::c_void;
use std::ptr::NonNull;

use rusqlite::ffi;

/// The WAL index header's size: `struct WalIndexHdr` of sqlite3.c (SQLite keeps two copies, this is the
/// first, the one a writer writes last).
const HEADER_WORDS: usize = 6;
/// The size SQLite maps the WAL index in (`WALINDEX_PGSZ`); region 0 starts with the header.
const REGION_BYTES: i32 = 32 * 1024;

/// The header of the WAL index of one connection's database, as this process maps it.
pub(super) struct WalIndex {
    header: NonNull<[u64; HEADER_WORDS]>,
}

/// A snapshot of the header: equal snapshots mean no commit in between.
pub(super) type Header = [u64; HEADER_WORDS];

impl WalIndex {
    /// The WAL index of `connection`'s main database, when it is in WAL mode and its index is mapped (after
    /// the connection's first read). `None` otherwise: the caller keeps asking `PRAGMA data_version`.
    ///
    /// The returned value must not outlive `connection` (the caller keeps both in one struct).
    #[expect(unsafe_code, reason = "asks SQLite's VFS for the WAL index it mapped for this connection")]
    pub(super) fn of(connection: &rusqlite::Connection) -> Option<Self> {
        // Only a database in WAL mode has an index to read; asking the VFS for one of a database in another
        // mode would create an empty `-shm` file that never moves.
        let mode: String = connection.query_row("PRAGMA journal_mode", [], |row| row.get(0)).ok()?;
        if !mode.eq_ignore_ascii_case("wal") {
            return None;
        }
        let mut file: *mut ffi::sqlite3_file = std::ptr::null_mut();
        // SAFETY: `handle` is this open connection's; `SQLITE_FCNTL_FILE_POINTER` writes the main database's
        // `sqlite3_file` pointer into `file` and nothing else. The connection is used by this thread only.
        let status = unsafe {
            ffi::sqlite3_file_control(
                connection.handle(),
                c"main".as_ptr(),
                ffi::SQLITE_FCNTL_FILE_POINTER,
                (&raw mut file).cast::<c_void>(),
            )
        };
        if status != ffi::SQLITE_OK || file.is_null() {
            return None;
        }
        // SAFETY: `file` is the connection's open main database file; its methods table is SQLite's own and
        // lives as long as the file. Version 2 and later have the shared-memory methods.
        let map = unsafe {
            let methods = (*file).pMethods;
            if methods.is_null() || (*methods).iVersion < 2 {
                return None;
            }
            (*methods).xShmMap?
        };
        let mut region: *mut c_void = std::ptr::null_mut();
        // SAFETY: region 0 of the WAL index, without extending it (`bExtend` 0): the VFS returns the mapping
        // this connection already uses (its first read mapped it), or null. It stays mapped until the
        // connection closes.
        let status = unsafe { map(file, 0, REGION_BYTES, 0, &raw mut region) };
        if status != ffi::SQLITE_OK {
            return None;
        }
        let header = NonNull::new(region.cast::<[u64; HEADER_WORDS]>())?;
        // The region is page aligned; the header's words are read as the u64s they are aligned to.
        header.as_ptr().is_aligned().then_some(Self { header })
    }

    /// The header now. Read while a writer may be writing it: a torn read differs from every snapshot a
    /// reader kept, so it reads as a change (one more check of the database), never as none.
    #[expect(unsafe_code, reason = "reads the WAL index SQLite mapped, as SQLite's readers do")]
    pub(super) fn header(&self) -> Header {
        // SAFETY: `header` points into region 0 of the WAL index, mapped for the connection this value
        // belongs to and alive as long as it (see `of`); 48 bytes at its start are the header. Volatile: other
        // processes write it.
        unsafe { std::ptr::read_volatile(self.header.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(path: &std::path::Path) -> rusqlite::Connection {
        rusqlite::Connection::open(path).unwrap_or_else(|error| panic!("open: {error}"))
    }

    /// A new folder of its own for one test (removed again at its end when it passes).
    fn folder(name: &str) -> std::path::PathBuf {
        let folder = std::env::temp_dir().join(format!("orders-wal-index-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap_or_else(|error| panic!("{error}"));
        folder
    }

    #[test]
    fn every_commit_of_another_connection_moves_the_header_and_a_read_does_not() {
        let folder = folder("wal");
        let path = folder.join("wal.db");
        let writer = open(&path);
        writer
            .execute_batch("PRAGMA journal_mode = WAL; CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1);")
            .unwrap_or_else(|error| panic!("{error}"));
        let reader = open(&path);
        let _: i64 = reader.query_row("PRAGMA data_version", [], |row| row.get(0)).unwrap_or_default();
        let index = WalIndex::of(&reader).unwrap_or_else(|| panic!("a WAL database has an index"));
        let mut seen = index.header();
        for n in 2..50 {
            writer.execute("INSERT INTO t VALUES (?1)", [n]).unwrap_or_else(|error| panic!("{error}"));
            let now = index.header();
            assert_ne!(now, seen, "commit {n} not seen");
            seen = now;
            let _: i64 = reader.query_row("SELECT count(*) FROM t", [], |row| row.get(0)).unwrap_or_default();
            assert_eq!(index.header(), seen, "a read is no change");
        }
        // A checkpoint that starts the log again, then a commit that writes the same number of frames.
        let _: (i64, i64, i64) = writer
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .unwrap_or_default();
        let before = index.header();
        writer.execute("INSERT INTO t VALUES (100)", []).unwrap_or_else(|error| panic!("{error}"));
        assert_ne!(index.header(), before, "a commit after a checkpoint not seen");
        drop((index, reader, writer));
        let _ = std::fs::remove_dir_all(folder);
    }

    #[test]
    fn a_database_not_in_wal_mode_has_no_index() {
        let folder = folder("journal");
        let path = folder.join("journal.db");
        let connection = open(&path);
        connection.execute_batch("CREATE TABLE t (n INTEGER)").unwrap_or_else(|error| panic!("{error}"));
        assert!(WalIndex::of(&connection).is_none());
        assert!(!folder.join("journal.db-shm").exists(), "no index file was made");
        drop(connection);
        let _ = std::fs::remove_dir_all(folder);
    }
}
