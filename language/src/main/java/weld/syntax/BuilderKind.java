package weld.syntax;

/** The builder families of Weld. */
public enum BuilderKind {
    APPENDER("appender"), MERGER("merger"), DICTMERGER("dictmerger"), GROUPMERGER("groupmerger"), VECMERGER("vecmerger");

    public final String keyword;

    BuilderKind(String keyword) {
        this.keyword = keyword;
    }
}
