<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="Collision" tilewidth="32" tileheight="32" spacing="1" margin="1" tilecount="48" columns="8">
 <image source="tmw_desert_spacing.png" width="265" height="199"/>
 <tile id="29">
  <objectgroup draworder="index" id="2">
   <object id="1" template="crate.tx" x="4" y="6"/>
   <object id="2" template="crate.tx" x="14" y="2">
    <properties>
     <property name="solid" type="bool" value="false"/>
    </properties>
   </object>
   <object id="3" x="0" y="20" width="32" height="12"/>
  </objectgroup>
 </tile>
</tileset>
