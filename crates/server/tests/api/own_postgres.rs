//! A PostgreSQL of a test's own, for the tests that stop it or fill its disk (issue 33).

/// A PostgreSQL of the test's own (its own data folder and port, `initdb` and `pg_ctl` of the machine's
/// PostgreSQL), so that stopping it never stops the shared one. Removed when dropped.
pub struct OwnPostgres {
    folder: std::path::PathBuf,
    bindir: String,
    port: u16,
}

impl OwnPostgres {
    /// `None` (with the reason) when the machine has no PostgreSQL binaries or no `runuser`.
    pub fn start() -> Result<OwnPostgres, String> {
        let bindir = std::process::Command::new("pg_config")
            .arg("--bindir")
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
            .ok_or("pg_config is missing")?;
        if !std::path::Path::new(&format!("{bindir}/initdb")).exists() {
            return Err(format!("no initdb in {bindir}"));
        }
        if std::process::Command::new("runuser").arg("--help").output().is_err() {
            return Err("runuser is missing".into());
        }
        let folder = std::env::temp_dir().join(format!("orders-pg-fault-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let own = OwnPostgres { folder, bindir, port };
        own.run("chown", &["postgres:postgres", &own.folder.display().to_string()], false)?;
        let data = own.data();
        let initdb = format!("{}/initdb", own.bindir);
        own.run(
            &initdb,
            &["-D", &data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"],
            true,
        )?;
        own.start_again()?;
        Ok(own)
    }

    pub fn data(&self) -> String {
        self.folder.join("data").display().to_string()
    }

    pub fn url(&self) -> String {
        self.url_of("postgres")
    }

    pub fn url_of(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// One SQL statement through psql, as the postgres user.
    pub fn sql(&self, statement: &str) -> Result<(), String> {
        let port = self.port.to_string();
        let psql = format!("{}/psql", self.bindir);
        self.run(
            &psql,
            &["-h", "127.0.0.1", "-p", &port, "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-c", statement],
            true,
        )
    }

    /// Runs a command (as the postgres user when `as_postgres`: initdb and postgres refuse root).
    pub fn run(&self, program: &str, args: &[&str], as_postgres: bool) -> Result<(), String> {
        let mut command = if as_postgres {
            let mut command = std::process::Command::new("runuser");
            command.args(["-u", "postgres", "--", program]);
            command
        } else {
            std::process::Command::new(program)
        };
        let out = command.args(args).output().map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!("{program} failed: {}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    fn pg_ctl(&self, args: &[&str]) -> Result<(), String> {
        let pg_ctl = format!("{}/pg_ctl", self.bindir);
        let data = self.data();
        let mut all = vec!["-D", data.as_str()];
        all.extend_from_slice(args);
        self.run(&pg_ctl, &all, true)
    }

    pub fn start_again(&self) -> Result<(), String> {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
            self.port,
            self.folder.display()
        );
        let log = self.folder.join("log").display().to_string();
        self.pg_ctl(&["-l", &log, "-w", "-t", "60", "-o", &options, "start"])
    }

    pub fn stop_fast(&self) -> Result<(), String> {
        self.pg_ctl(&["-m", "fast", "-w", "-t", "60", "stop"])
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let _ = self.pg_ctl(&["-m", "immediate", "-w", "stop"]);
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// A small file system of a test's own (a tmpfs, mounted by root): a data disk that fills up. Unmounted and
/// removed when dropped; a PostgreSQL that uses it must be stopped first (declare it after this).
pub struct SmallDisk {
    pub path: std::path::PathBuf,
}

impl SmallDisk {
    /// `Err` (with the reason) where the test may not mount (not root, or a container without the right).
    pub fn mount(megabytes: u32) -> Result<SmallDisk, String> {
        let path = std::env::temp_dir().join(format!("orders-small-disk-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&path).map_err(|e| e.to_string())?;
        let disk = SmallDisk { path };
        let size = format!("size={megabytes}m");
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &size, "tmpfs", &disk.path.display().to_string()])
            .output()
            .map_err(|e| format!("mount: {e}"))?;
        if !out.status.success() {
            return Err(format!("mount failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
        Ok(disk)
    }

    /// Fills what is left with one file; `free` removes it. Returns the bytes written.
    pub fn fill(&self) -> u64 {
        use std::io::Write;
        let mut file = std::fs::File::create(self.filler()).expect("filler");
        let block = vec![0u8; 64 * 1024];
        let mut written = 0u64;
        // tmpfs refuses the write that does not fit (ENOSPC); a short write ends the same way.
        while let Ok(n) = file.write(&block) {
            if n == 0 {
                break;
            }
            written += n as u64;
        }
        written
    }

    pub fn free(&self) {
        std::fs::remove_file(self.filler()).expect("remove the filler");
    }

    fn filler(&self) -> std::path::PathBuf {
        self.path.join("filler")
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let path = self.path.display().to_string();
        let unmounted = std::process::Command::new("umount").arg(&path).status().is_ok_and(|s| s.success());
        if !unmounted {
            let _ = std::process::Command::new("umount").args(["-l", &path]).status();
        }
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
