package dev.tilewright.web;

import tools.jackson.databind.json.JsonMapper;

/** The service's JSON form of the domain (ops with their type names, properties as Tiled's lists), for plain tests. */
public final class DomainJson {

    private DomainJson() {
    }

    public static JsonMapper mapper() {
        JsonMapper.Builder builder = JsonMapper.builder();
        new JsonConfig().tilewrightJson().customize(builder);
        return builder.build();
    }
}
