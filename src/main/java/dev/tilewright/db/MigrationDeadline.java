package dev.tilewright.db;

import dev.tilewright.config.StorageProperties;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;
import org.springframework.stereotype.Component;

/** Migrations are long work: their connection waits up to the long deadline ({@link LongStatements}). */
@Component
class MigrationDeadline implements Callback {

    private final StorageProperties storage;

    MigrationDeadline(StorageProperties storage) {
        this.storage = storage;
    }

    @Override
    public boolean supports(Event event, Context context) {
        return event == Event.BEFORE_MIGRATE || event == Event.BEFORE_EACH_MIGRATE;
    }

    @Override
    public boolean canHandleInTransaction(Event event, Context context) {
        return true;
    }

    @Override
    public void handle(Event event, Context context) {
        LongStatements.allow(context.getConnection(), storage.longStatementSeconds());
    }

    @Override
    public String getCallbackName() {
        return "tilewright-migration-deadline";
    }
}
