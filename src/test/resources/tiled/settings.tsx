<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="All" class="Ground" tilewidth="32" tileheight="32" spacing="1" margin="1" tilecount="48" columns="8" backgroundcolor="#336699" objectalignment="center" tilerendersize="grid" fillmode="preserve-aspect-fit">
 <tileoffset x="2" y="3"/>
 <grid orientation="isometric" width="32" height="16"/>
 <transformations hflip="1" vflip="0" rotate="1" preferuntransformed="1"/>
 <properties>
  <property name="p" value="v"/>
 </properties>
 <image source="tmw_desert_spacing.png" width="265" height="199"/>
 <tile id="3" probability="0.5"/>
 <wangsets>
  <wangset name="Desert" class="WS" type="mixed" tile="5">
   <wangcolor name="Sand" class="C" color="#ff0000" tile="29" probability="0.5">
    <properties>
     <property name="cp" type="bool" value="true"/>
    </properties>
   </wangcolor>
   <wangcolor name="Dirt" color="#00ff00" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="1,2,1,2,1,2,1,2"/>
   <properties>
    <property name="wp" type="int" value="3"/>
   </properties>
  </wangset>
 </wangsets>
</tileset>
