package dev.tilewright.web;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionException;

import java.io.EOFException;
import java.net.SocketException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/** Whether a failure means the database is unreachable for now (refused, cut, timed out), not a fault of ours. */
public final class DatabaseAway {

    private DatabaseAway() {
    }

    public static boolean is(Throwable failure) {
        boolean database = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CannotCreateTransactionException || t instanceof DataAccessResourceFailureException
                    || t instanceof TransientDataAccessResourceException || t instanceof QueryTimeoutException
                    || t instanceof SQLTransientConnectionException) {
                return true;
            }
            // SQLSTATE class 08: connection exceptions; 57P01-57P03: the server shutting down or not yet up. Within a
            // database call, one without a state is the pool's (e.g. "Connection is closed" on a rollback after a cut)
            if (t instanceof SQLException sql && (sql.getSQLState() == null ? database
                    : sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P0"))) {
                return true;
            }
            database |= t instanceof DataAccessException || t instanceof TransactionException
                    || t instanceof org.hibernate.HibernateException;
            // a database call whose connection broke (e.g. a rollback on a cut connection, reported as a system error)
            if (database && (t instanceof SocketException || t instanceof EOFException)) {
                return true;
            }
        }
        return false;
    }
}
