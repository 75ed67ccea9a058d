package io.clirbench.gateway.qa;

import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.dataset.DatasetRoots;
import io.clirbench.gateway.dataset.UploadedZip;
import io.clirbench.gateway.dataset.ZipUnpacker;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.service.store.Database;
import io.clirbench.service.store.DatabaseException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Registered QA datasets (table {@code qa_datasets}). A directory is validated whole by bench-core's
 * {@link QaDatasetReader} before anything is stored; registering the same id and version again is a no-op,
 * another version under a registered id a conflict.
 */
@ApplicationScoped
public class QaDatasetStore {

    private final Database db;
    private final GatewayConfig config;
    private final ZipUnpacker unpacker;
    private final DatasetRoots roots;

    QaDatasetStore(Database db, GatewayConfig config, ZipUnpacker unpacker, DatasetRoots roots) {
        this.db = db;
        this.config = config;
        this.unpacker = unpacker;
        this.roots = roots;
    }

    /**
     * Every instance of a registered QA dataset, read from its location after {@link DatasetRoots#checkStored} (no
     * symbolic link or special file placed there since, nothing outside the roots): else refused (409) naming the file.
     */
    public List<QaInstance> instances(QaDatasetRecord record) {
        try {
            roots.checkStored(Path.of(record.location()));
        } catch (RuntimeException e) {
            throw RequestRejectedException.conflict("QA dataset '" + record.id() + "' version '" + record.version() + "' at '"
                    + record.location() + "' is refused: " + e.getMessage() + "; restore the registered files");
        }
        return QaDatasetReader.readAll(Path.of(record.location()));
    }

    /**
     * Registers a QA dataset uploaded as a zip, as retrieval datasets are ({@link UploadedZip}: within
     * {@code gateway.upload.max-bytes}, no entry outside its directory): validated whole first, checked against the
     * registered versions, only then moved to {@code DATA_DIR/qa-datasets/ID/VERSION} and registered. A refused
     * upload stores nothing.
     */
    public Registration upload(InputStream body) {
        Path dataDir = Path.of(config.dataDir()).toAbsolutePath();
        try (UploadedZip upload = UploadedZip.receive(body, dataDir, unpacker)) {
            QaDatasetInfo info = upload.read(root -> QaDatasetReader.open(root).info());
            Path target = UploadedZip.target(dataDir.resolve("qa-datasets"), info.id(), info.version());
            synchronized (this) {
                refuseOtherVersion(info.id(), info.version(), target);
                upload.moveRootTo(target);
                return register(target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("storing a QA dataset upload failed: " + e.getClass().getSimpleName(), e);
        }
    }

    private void refuseOtherVersion(String id, String version, Path location) {
        Optional<QaDatasetRecord> existing = find(id);
        if (existing.isPresent() && !existing.get().version().equals(version)) {
            throw RequestRejectedException.conflict("QA dataset '" + id + "' is registered in version " + existing.get().version()
                    + "; '" + location + "' has version " + version);
        }
    }

    /** Registers a directory; returns the record and whether it was new. */
    public synchronized Registration register(Path dir) {
        Path location = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(location)) {
            throw RequestRejectedException.notFound("QA dataset directory '" + location + "' does not exist");
        }
        QaDatasetReader reader;
        try {
            reader = QaDatasetReader.open(location);
        } catch (RuntimeException e) {
            throw RequestRejectedException.invalid("QA dataset '" + location + "': " + e.getMessage(), List.of());
        }
        String id = reader.info().id();
        refuseOtherVersion(id, reader.info().version(), location);
        Optional<QaDatasetRecord> existing = find(id);
        if (existing.isPresent()) {
            return new Registration(existing.get(), false);
        }
        QaDatasetRecord record = new QaDatasetRecord(id, reader.info().version(), reader.info().name(), location.toString(),
                reader.count(), System.currentTimeMillis());
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(
                "INSERT INTO qa_datasets (id, version, name, location, instances, registered_at) VALUES (?,?,?,?,?,?)")) {
            ps.setString(1, record.id());
            ps.setString(2, record.version());
            ps.setString(3, record.name());
            ps.setString(4, record.location());
            ps.setInt(5, record.instances());
            ps.setLong(6, record.registeredAt());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("insert QA dataset '" + id + "': " + e.getMessage(), e);
        }
        return new Registration(record, true);
    }

    /**
     * Removes a registration (its row), under the lock registrations and uploads take, after {@code check} accepted it
     * (throws to refuse, nothing changed); 404 for an id not registered. Returns what was removed.
     */
    public synchronized QaDatasetRecord remove(String id, java.util.function.Consumer<QaDatasetRecord> check) {
        QaDatasetRecord record = find(id).orElseThrow(() -> RequestRejectedException.notFound("no QA dataset '" + id + "'"));
        check.accept(record);
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement("DELETE FROM qa_datasets WHERE id = ?")) {
            ps.setString(1, id);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("delete QA dataset '" + id + "': " + e.getMessage(), e);
        }
        return record;
    }

    /** A registration's outcome. */
    public record Registration(QaDatasetRecord dataset, boolean created) {
    }

    public Optional<QaDatasetRecord> find(String id) {
        return query("SELECT id, version, name, location, instances, registered_at FROM qa_datasets WHERE id = ?", id).stream().findFirst();
    }

    public List<QaDatasetRecord> list() {
        return query("SELECT id, version, name, location, instances, registered_at FROM qa_datasets ORDER BY id", null);
    }

    private List<QaDatasetRecord> query(String sql, String param) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            if (param != null) {
                ps.setString(1, param);
            }
            List<QaDatasetRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new QaDatasetRecord(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5), rs.getLong(6)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new DatabaseException("read QA datasets: " + e.getMessage(), e);
        }
    }
}
