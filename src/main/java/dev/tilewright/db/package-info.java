/**
 * The embedded PostgreSQL: started before the context when no datasource URL is set, its data directory kept
 * across restarts, stopped after the context closes. Depends on Spring's environment and zonky's launcher only.
 */
package dev.tilewright.db;
