import { ApiProperty } from '@nestjs/swagger';

const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

/** Student login: 200 either way; `bool: false` with the French reason when refused (the spec's screen). */
export class StudentLoginResponse {
  @ApiProperty() bool!: boolean;
  @ApiProperty(nullableNumber) student_id!: number | null;
  @ApiProperty(nullableString) access!: string | null;
  @ApiProperty(nullableString) refresh!: string | null;
  @ApiProperty(nullableString) username!: string | null;
  @ApiProperty(nullableString) error!: string | null;
}

export class TeacherLoginResponse {
  @ApiProperty() bool!: boolean;
  @ApiProperty(nullableNumber) formateur_id!: number | null;
  @ApiProperty(nullableString) access!: string | null;
  @ApiProperty(nullableString) refresh!: string | null;
  @ApiProperty(nullableString) username!: string | null;
  @ApiProperty(nullableString) error!: string | null;
}

export class TokenPairResponse {
  @ApiProperty() access!: string;
  @ApiProperty({ description: 'Change à chaque renouvellement' }) refresh!: string;
}

export class AdminLoginResponse extends TokenPairResponse {
  @ApiProperty() admin_id!: number;
  @ApiProperty() username!: string;
}

export class ToggleActiveResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() is_active!: boolean;
}
