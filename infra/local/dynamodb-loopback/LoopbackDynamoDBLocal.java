import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteException;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.AbstractLocalDynamoDBServerHandler;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;
import software.amazon.dynamodb.services.local.server.LocalDynamoDBRequestHandler;
import software.amazon.dynamodb.services.local.shared.access.LocalDBClient;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess;

/**
 * DynamoDB Local, listening on 127.0.0.1 only, with its stream records indexed. Started by
 * infra/local/peers.ts with Java's single-file source launcher (a JDK), from the same command-line arguments as the
 * jar's own main.
 *
 * <p>Loopback: the jar has no option for the interface and listens on every one, with no authentication: anyone on the
 * network could read and write the table. Every connector's host is set to the loopback address before it starts.
 *
 * <p>The indexes: DynamoDB Local keeps every stream record of every table in one SQLite table keyed by sequence number,
 * and on each write to a table with a stream it describes that stream, which asks for the stream's first record by
 * stream id, and looks up its shard's last record by shard id: both read the whole table, which only grows (records
 * live 24 hours). Measured here, a write cost 2 ms of CPU at first and 5.3 ms after 10,000 writes; with the records
 * indexed by (stream id, sequence number) and (shard id, sequence number), 1.5-1.8 ms throughout. The integration tests
 * alone took DynamoDB Local 162 s of CPU before, 82 s after. The indexes are made through the database's own queue, so
 * they live in the in-memory database too. Should a later jar move these internals, the server runs as before, only
 * without them, and says so on its error output (peers.ts passes the line on).
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Server jetty = (Server) read(proxy, DynamoDBProxyServer.class, "server");
    for (Connector connector : jetty.getConnectors()) {
      if (connector instanceof ServerConnector) ((ServerConnector) connector).setHost("127.0.0.1");
    }
    try {
      indexStreamRecords(proxy);
    } catch (ReflectiveOperationException | RuntimeException | SQLiteException error) {
      System.err.println(
          "DynamoDB Local runs without its stream records indexed (each write costs more as records accumulate): "
              + error);
    }
    proxy.start();
    proxy.join();
  }

  /** Creates the indexes in the shared database (the `-sharedDb` flag: one database for every access key). */
  private static void indexStreamRecords(DynamoDBProxyServer proxy)
      throws ReflectiveOperationException, SQLiteException {
    Object serverHandler = read(proxy, DynamoDBProxyServer.class, "serverHandler");
    Object requestHandler = read(serverHandler, AbstractLocalDynamoDBServerHandler.class, "primaryHandler");
    Method shared = LocalDynamoDBRequestHandler.class.getDeclaredMethod("getHandler", String.class);
    shared.setAccessible(true);
    Object client = shared.invoke(requestHandler, "shared");
    Object access = read(client, LocalDBClient.class, "dbAccess");
    SQLiteQueue queue = (SQLiteQueue) read(access, SQLiteDBAccess.class, "queue");
    // The records' table is created by the database's first job, queued before this one.
    SQLiteJob<Void> job =
        new SQLiteJob<Void>() {
          @Override
          protected Void job(SQLiteConnection connection) throws SQLiteException {
            connection.exec("CREATE INDEX IF NOT EXISTS us_by_stream ON us (StreamID, SequenceNumber)");
            connection.exec("CREATE INDEX IF NOT EXISTS us_by_shard ON us (ShardID, SequenceNumber)");
            return null;
          }
        };
    queue.execute(job).complete();
    if (job.getError() != null) throw new IllegalStateException(job.getError());
  }

  private static Object read(Object target, Class<?> owner, String name) throws ReflectiveOperationException {
    Field field = owner.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }
}
