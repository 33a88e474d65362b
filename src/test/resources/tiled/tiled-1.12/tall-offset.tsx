<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.12.1" name="Tall desert" tilewidth="32" tileheight="65" spacing="1" margin="1" tilecount="24" columns="8">
 <tileoffset x="6" y="-5"/>
 <image source="tmw_desert_spacing.png" width="265" height="199"/>
</tileset>
