package dev.tilewright.format.ldtk;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * What LDtk 1.5.3 writes for a project, a layer, an entity and a field definition it makes, with the values a new one
 * has in LDtk's editor (every field its JSON schema requires): the definitions {@link LdtkFromTiled} makes start so.
 */
final class LdtkDefaults {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private LdtkDefaults() {
    }

    static ObjectNode layer(String type, String identifier, int uid, int gridSize) {
        ObjectNode def = MAPPER.createObjectNode();
        def.put("__type", type).put("identifier", identifier).put("type", type).put("uid", uid)
                .putNull("doc").putNull("uiColor").put("gridSize", gridSize).put("guideGridWid", 0)
                .put("guideGridHei", 0).put("displayOpacity", 1).put("inactiveOpacity", 1)
                .put("hideInList", false).put("hideFieldsWhenInactive", true).put("canSelectWhenInactive", true)
                .put("renderInWorldView", true).put("pxOffsetX", 0).put("pxOffsetY", 0)
                .put("parallaxFactorX", 0).put("parallaxFactorY", 0).put("parallaxScaling", true);
        def.set("requiredTags", MAPPER.createArrayNode());
        def.set("excludedTags", MAPPER.createArrayNode());
        def.putNull("autoTilesKilledByOtherLayerUid");
        def.set("uiFilterTags", MAPPER.createArrayNode());
        def.put("useAsyncRender", false);
        def.set("intGridValues", MAPPER.createArrayNode());
        def.set("intGridValuesGroups", MAPPER.createArrayNode());
        def.set("autoRuleGroups", MAPPER.createArrayNode());
        def.putNull("autoSourceLayerDefUid");
        def.putNull("tilesetDefUid");
        def.put("tilePivotX", 0).put("tilePivotY", 0);
        def.putNull("biomeFieldUid");
        return def;
    }

    static ObjectNode entity(String identifier, int uid, int width, int height, boolean ellipse) {
        ObjectNode e = MAPPER.createObjectNode();
        e.put("identifier", identifier).put("uid", uid).putNull("doc").put("width", width).put("height", height)
                .put("resizableX", true).put("resizableY", true).putNull("minWidth").putNull("maxWidth")
                .putNull("minHeight").putNull("maxHeight").put("keepAspectRatio", false).put("tileOpacity", 1)
                .put("fillOpacity", 0.08).put("lineOpacity", 1).put("hollow", false).put("color", "#BE4A2F")
                .put("renderMode", ellipse ? "Ellipse" : "Rectangle").put("showName", true).putNull("tilesetId")
                .put("tileRenderMode", "FitInside").putNull("tileRect").putNull("uiTileRect")
                .put("allowOutOfBounds", false).put("maxCount", 0).put("limitScope", "PerLevel")
                .put("limitBehavior", "MoveLastOne").put("pivotX", 0).put("pivotY", 0).put("exportToToc", false);
        e.set("nineSliceBorders", MAPPER.createArrayNode());
        e.set("tags", MAPPER.createArrayNode());
        e.set("fieldDefs", MAPPER.createArrayNode());
        return e;
    }

    /**
     * @param type     LDtk's internal type ({@code F_Int})
     * @param typeName its {@code __type} ({@code Int}; of the items, for an array)
     */
    static ObjectNode field(String identifier, String type, String typeName, boolean array, int uid) {
        ObjectNode f = MAPPER.createObjectNode();
        f.put("identifier", identifier).putNull("doc").put("__type", array ? "Array<" + typeName + ">" : typeName)
                .put("uid", uid).put("type", type).put("isArray", array).put("canBeNull", true)
                .putNull("arrayMinLength").putNull("arrayMaxLength").put("editorDisplayMode", "ValueOnly")
                .put("editorDisplayScale", 1).put("editorDisplayPos", "Above").put("editorLinkStyle",
                        "StraightArrow").putNull("editorDisplayColor").put("editorAlwaysShow", false)
                .put("editorShowInWorld", true).put("editorCutLongValues", true).putNull("editorTextSuffix")
                .putNull("editorTextPrefix").put("useForSmartColor", false).put("exportToToc", false)
                .put("searchable", false).putNull("min").putNull("max").putNull("regex")
                .putNull("acceptFileTypes").putNull("defaultOverride").putNull("textLanguageMode")
                .put("symmetricalRef", false).put("autoChainRef", false).put("allowOutOfLevelRef", true)
                .put("allowedRefs", "Any").putNull("allowedRefsEntityUid").putNull("tilesetUid");
        f.set("allowedRefTags", MAPPER.createArrayNode());
        return f;
    }

    /** A project of these definitions, no levels yet; its iids made from its name (the same each export). */
    static ObjectNode root(String name, int nextUid, ObjectNode defs) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("iid", UUID.nameUUIDFromBytes(("tilewright:project:" + name).getBytes(StandardCharsets.UTF_8))
                .toString());
        root.put("jsonVersion", LdtkFromTiled.VERSION).put("appBuildId", 473703).put("nextUid", nextUid)
                .put("identifierStyle", "Capitalize").set("toc", MAPPER.createArrayNode());
        root.put("worldLayout", "Free").put("worldGridWidth", 256).put("worldGridHeight", 256)
                .put("defaultLevelWidth", 256).put("defaultLevelHeight", 256).put("defaultPivotX", 0)
                .put("defaultPivotY", 0).put("defaultGridSize", 16).put("defaultEntityWidth", 16)
                .put("defaultEntityHeight", 16).put("bgColor", "#40465B").put("defaultLevelBgColor", "#696A79")
                .put("minifyJson", false).put("externalLevels", false).put("exportTiled", false)
                .put("simplifiedExport", false).put("imageExportMode", "None").put("exportLevelBg", true)
                .putNull("pngFilePattern").put("backupOnSave", false).put("backupLimit", 10)
                .putNull("backupRelPath").put("levelNamePattern", "Level_%idx").putNull("tutorialDesc");
        root.set("customCommands", MAPPER.createArrayNode());
        root.set("flags", MAPPER.createArrayNode());
        root.put("dummyWorldIid", UUID.nameUUIDFromBytes(("tilewright:world:" + name)
                .getBytes(StandardCharsets.UTF_8)).toString());
        root.set("defs", defs);
        root.set("levels", MAPPER.createArrayNode());
        root.set("worlds", MAPPER.createArrayNode());
        return root;
    }
}
